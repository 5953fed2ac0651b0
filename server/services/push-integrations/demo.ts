// The demo's push integration: one per first organization, disabled, pointing at a reserved example.com address, so
// the Push API tab shows a configured integration without sending anything. It has no execution history: history is
// only ever what the worker really delivered.
import { IntegrationDataType } from '@/domain/integrations';
import type { Database } from '../../db/client';
import { saveIntegration } from './store';

export async function seedPushIntegrations(database: Database, organizationId: number): Promise<number> {
  const [author] = await database.query<{ id: number; email: string }>("SELECT id, email FROM users WHERE email = 'provider.admin@example.com'");
  if (!author) return 0;
  const groups = await database.query<{ id: number }>('SELECT id FROM site_groups WHERE organization_id = $1 ORDER BY lower(name), id LIMIT 1', [organizationId]);
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
