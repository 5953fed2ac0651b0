// The demo's push integration: one, disabled, pointing at a reserved example.com address, in the organization the demo
// administrator (org.admin@example.com) opens first, so the Push API tab shows a configured integration without sending
// anything. It has no execution history: history is
// only ever what the worker really delivered.
import { IntegrationDataType } from '@/domain/integration';
import type { Database } from '../../db/client';
import { saveIntegration } from './store';

export async function seedPushIntegrations(database: Database, fallbackOrganizationId: number): Promise<number> {
  // The console opens a user's organizations in name order.
  const [landing] = await database.query<{ id: number }>(
    `SELECT o.id FROM organizations o JOIN user_organizations uo ON uo.organization_id = o.id JOIN users u ON u.id = uo.user_id
      WHERE u.email = 'org.admin@example.com' AND o.deleted_at IS NULL ORDER BY o.name, o.id LIMIT 1`,
  );
  const organizationId = landing?.id ?? fallbackOrganizationId;
  const [author] = await database.query<{ id: number; email: string }>(
    "SELECT id, email FROM users WHERE email = 'provider.admin@example.com'",
  );
  if (!author) return 0;
  const groups = await database.query<{ id: number }>(
    'SELECT id FROM site_groups WHERE organization_id = $1 ORDER BY lower(name), id LIMIT 1',
    [organizationId],
  );
  await database.transaction((tx) =>
    saveIntegration(
      tx,
      organizationId,
      {
        id: 0,
        organizationId,
        name: 'Data warehouse emissions feed',
        dataType: IntegrationDataType.values.Emissions,
        requestUrl: 'https://hooks.example.com/emissions-console/emissions',
        headers: [{ key: 'X-Source', value: 'emissions-console' }],
        maxRequestSizeInBytes: 1_000_000,
        enabled: false,
        ch4RateDisplayUnitId: 1,
        ch4VolumeDisplayUnitId: 11,
        siteGroupIds: groups.map((g) => g.id),
      },
      author,
    ),
  );
  return 1;
}
