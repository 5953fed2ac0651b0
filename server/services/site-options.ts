// Site option lists (one table, one kind per list) and the checks a site's classification must pass.
import type { SiteForm } from '@/domain/site-form';
import type { SiteOptions } from '@/contracts/site';
import type { Queryable } from '../db/client';

interface OptionRow extends Record<string, unknown> {
  id: number;
  kind: string;
  name: string;
  parent_id: number | null;
  organization_id: number | null;
}

export async function loadSiteOptions(db: Queryable, organizationId: number): Promise<SiteOptions> {
  const rows = await db.query<OptionRow>(
    'SELECT id, kind, name, parent_id, organization_id FROM site_options WHERE organization_id IS NULL OR organization_id = $1 ORDER BY lower(name), id',
    [organizationId],
  );
  const groups = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM site_groups WHERE organization_id = $1 ORDER BY lower(name), id',
    [organizationId],
  );
  const of = (kind: string) =>
    rows.filter((r) => r.kind === kind && r.organization_id === null).map((r) => ({ id: r.id, name: r.name }));
  const children = (kind: string) =>
    rows
      .filter((r) => r.kind === kind && r.organization_id === null)
      .map((r) => ({ id: r.id, name: r.name, parentId: r.parent_id }));
  const names = (kind: string) =>
    rows.filter((r) => r.kind === kind && r.organization_id === organizationId).map((r) => r.name);
  return {
    countries: of('country'),
    stateProvinces: children('stateProvince'),
    regulations: children('regulation'),
    regulatorySiteTypes: of('regulatorySiteType'),
    genericSiteTypes: of('genericSiteType'),
    basins: of('basin'),
    industrySegments: of('industrySegment'),
    fluidTypes: of('fluidType'),
    businessUnits: names('businessUnit'),
    assetAreas: names('assetArea'),
    siteGroups: groups,
  };
}

const ID_FIELDS = [
  ['countryId', 'country'],
  ['stateProvinceId', 'stateProvince'],
  ['regulationId', 'regulation'],
  ['regulatorySiteTypeId', 'regulatorySiteType'],
  ['genericSiteTypeId', 'genericSiteType'],
  ['basinId', 'basin'],
  ['industrySegmentId', 'industrySegment'],
  ['fluidTypeId', 'fluidType'],
] as const;

type Classification = Pick<SiteForm, (typeof ID_FIELDS)[number][0] | 'siteGroupIds'>;

/** Field errors for option ids of the wrong kind, a state or regulation outside the country, and foreign groups. */
export async function classificationErrors(
  db: Queryable,
  form: Classification,
  organizationId: number,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const ids = ID_FIELDS.map(([field]) => form[field]).filter((v): v is number => v !== null);
  const rows = ids.length
    ? await db.query<OptionRow>(
        'SELECT id, kind, name, parent_id, organization_id FROM site_options WHERE id = ANY($1::int[])',
        [ids],
      )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [field, kind] of ID_FIELDS) {
    const id = form[field];
    if (id === null) continue;
    const row = byId.get(id);
    if (!row || row.kind !== kind || row.organization_id !== null) errors[field] = ['This option does not exist'];
  }
  for (const field of ['stateProvinceId', 'regulationId'] as const) {
    const id = form[field];
    if (id === null || errors[field]) continue;
    if (form.countryId === null) errors[field] = ['Choose a country first'];
    else if (byId.get(id)!.parent_id !== form.countryId)
      errors[field] = ['This option does not belong to the chosen country'];
  }
  if (form.regulatorySiteTypeId !== null && form.regulationId === null && !errors.regulatorySiteTypeId)
    errors.regulatorySiteTypeId = ['Choose a regulation first'];
  if (form.siteGroupIds.length > 0) {
    const groups = await db.query<{ id: number }>(
      'SELECT id FROM site_groups WHERE id = ANY($1::int[]) AND organization_id = $2',
      [form.siteGroupIds, organizationId],
    );
    if (groups.length !== new Set(form.siteGroupIds).size)
      errors.siteGroupIds = ['A group does not belong to this organization'];
  }
  return errors;
}

/** The id of an organization's business unit or asset area by name, created when new; null for blank. */
export async function organizationOptionId(
  db: Queryable,
  kind: 'businessUnit' | 'assetArea',
  name: string | null,
  organizationId: number,
): Promise<number | null> {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) return null;
  const [found] = await db.query<{ id: number }>(
    'SELECT id FROM site_options WHERE kind = $1 AND organization_id = $2 AND lower(name) = lower($3) ORDER BY id LIMIT 1',
    [kind, organizationId, trimmed],
  );
  if (found) return found.id;
  const [created] = await db.query<{ id: number }>(
    'INSERT INTO site_options (kind, name, organization_id) VALUES ($1, $2, $3) RETURNING id',
    [kind, trimmed, organizationId],
  );
  return created!.id;
}
