// Bulk site upload on the server: the same CSV module as the browser's CSV worker (src/codec/csv-parse.ts), every
// row checked before anything is written, then all rows written in one transaction (or none).
import { INVALID_COORDINATES, isValidLatLng, roundForStorage } from '@/domain/coordinates';
import { ACCESS_NOTES_MAX, SITE_TEXT_MAX } from '@/domain/site-form';
import { readYesNo, SITE_BULK_COLUMNS, splitGroups, type SiteBulkKey } from '@/domain/site-bulk';
import type { CsvRow } from '../../src/codec/csv-parse';
import { FileParseError } from '../../src/codec/file-errors';
import type { Queryable } from '../db/client';
import { breathe } from './file-pool/breathe';
import { parseCsvUpload } from './file-pool/pool';
import { changedValues, recordAudit } from './audit';
import { organizationOptionId } from './site-options';
import { inTransaction } from './transaction';

export interface PlannedSite {
  row: number;
  id: number | null;
  name: string;
  alias: string | null;
  lat: number;
  lng: number;
  groupIds: number[];
  businessUnit: string | null;
  assetArea: string | null;
  countryId: number | null;
  stateProvinceId: number | null;
  regulationId: number | null;
  regulatorySiteTypeId: number | null;
  genericSiteTypeId: number | null;
  basinId: number | null;
  industrySegmentId: number | null;
  fluidTypeId: number | null;
  notificationRequired: boolean;
  specialTicketsRequired: boolean;
  workPermitRequired: boolean;
  accessNotes: string | null;
}

export type BulkPlan =
  | { ok: true; sites: PlannedSite[]; warnings: string[] }
  | { ok: false; detail: string; errors: Record<string, string[]> };

interface Option extends Record<string, unknown> {
  id: number;
  kind: string;
  name: string;
  parent_id: number | null;
}

const MAX_ROWS = 10_000;

/** Reads and checks an upload without writing anything. */
export async function planBulkSites(db: Queryable, bytes: Uint8Array, organizationId: number): Promise<BulkPlan> {
  let parsed;
  try {
    parsed = await parseCsvUpload(bytes, SITE_BULK_COLUMNS, MAX_ROWS);
  } catch (e) {
    if (e instanceof FileParseError) return { ok: false, detail: e.message, errors: {} };
    throw e;
  }
  const errors: Record<string, string[]> = {};
  for (const e of parsed.errors) (errors[`Row ${e.row}`] ??= []).push(e.message.replace(/^Row \d+: /, ''));
  if (parsed.rows.length === 0 && parsed.errors.length === 0)
    return { ok: false, detail: 'The file has no site rows.', errors: {} };

  const options = await db.query<Option>(
    'SELECT id, kind, name, parent_id FROM site_options WHERE organization_id IS NULL',
  );
  const byKindName = new Map(options.map((o) => [`${o.kind}:${o.name.toLowerCase()}`, o]));
  const groups = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM site_groups WHERE organization_id = $1',
    [organizationId],
  );
  const groupByName = new Map(groups.map((g) => [g.name.toLowerCase(), g.id]));
  const siteIds = new Set(
    (await db.query<{ id: number }>('SELECT id FROM sites WHERE organization_id = $1', [organizationId])).map(
      (s) => s.id,
    ),
  );

  const sites: PlannedSite[] = [];
  const seenIds = new Set<number>();
  for (const [i, r] of parsed.rows.entries()) {
    await breathe(i);
    const problems: string[] = [];
    const site = planRow(r, { byKindName, groupByName, siteIds, seenIds }, problems);
    if (problems.length) errors[`Row ${r.row}`] = [...(errors[`Row ${r.row}`] ?? []), ...problems];
    else if (site) sites.push(site);
  }
  if (Object.keys(errors).length > 0) {
    const count = Object.keys(errors).length;
    return {
      ok: false,
      detail: `${count} row${count === 1 ? ' has' : 's have'} problems; nothing was changed.`,
      errors,
    };
  }
  return { ok: true, sites, warnings: parsed.warnings };
}

interface Lookups {
  byKindName: Map<string, Option>;
  groupByName: Map<string, number>;
  siteIds: Set<number>;
  seenIds: Set<number>;
}

function planRow({ row, values: v }: CsvRow<SiteBulkKey>, l: Lookups, problems: string[]): PlannedSite | null {
  let id: number | null = null;
  if (v.id !== '') {
    id = /^\d{1,9}$/.test(v.id) ? Number(v.id) : NaN;
    if (!Number.isInteger(id) || !l.siteIds.has(id)) problems.push(`Id ${v.id} is not a site of this organization.`);
    else if (l.seenIds.has(id)) problems.push(`Id ${v.id} appears on more than one row.`);
    else l.seenIds.add(id);
  }
  if (v.name === '') problems.push('Name is required.');
  else if (v.name.length > SITE_TEXT_MAX) problems.push(`Name must be at most ${SITE_TEXT_MAX} characters.`);
  if (v.alias.length > SITE_TEXT_MAX) problems.push(`Alias must be at most ${SITE_TEXT_MAX} characters.`);
  const lat = v.latitude === '' ? NaN : Number(v.latitude);
  const lng = v.longitude === '' ? NaN : Number(v.longitude);
  if (!isValidLatLng(lat, lng)) problems.push(INVALID_COORDINATES);
  const option = (kind: string, label: string, name: string): Option | null => {
    if (name === '') return null;
    const found = l.byKindName.get(`${kind}:${name.toLowerCase()}`);
    if (!found) problems.push(`${label} '${name}' is not one of the options.`);
    return found ?? null;
  };
  const country = option('country', 'Country', v.country);
  const state = option('stateProvince', 'State/Province', v.stateProvince);
  const regulation = option('regulation', 'Regulation', v.regulation);
  const regulatoryType = option('regulatorySiteType', 'Regulatory Site Type', v.regulatorySiteType);
  if (state && (!country || state.parent_id !== country.id))
    problems.push(`State/Province '${v.stateProvince}' is not in the country given.`);
  if (regulation && (!country || regulation.parent_id !== country.id))
    problems.push(`Regulation '${v.regulation}' does not apply in the country given.`);
  if (regulatoryType && !regulation && v.regulation === '') problems.push('Regulatory Site Type needs a Regulation.');
  const groupIds: number[] = [];
  for (const name of splitGroups(v.groups)) {
    const g = l.groupByName.get(name.toLowerCase());
    if (g === undefined) problems.push(`Group '${name}' does not exist in this organization.`);
    else groupIds.push(g);
  }
  const yesNo = (label: string, cell: string) => {
    const b = readYesNo(cell);
    if (b === null) problems.push(`${label} must be Yes or No.`);
    return b ?? false;
  };
  const notificationRequired = yesNo('Notification Required', v.notificationRequired);
  const specialTicketsRequired = yesNo('Special Tickets Required', v.specialTicketsRequired);
  const workPermitRequired = yesNo('Work Permit Required', v.workPermitRequired);
  if (v.accessNotes.length > ACCESS_NOTES_MAX)
    problems.push(`Access Notes must be at most ${ACCESS_NOTES_MAX} characters.`);
  if (v.businessUnit.length > SITE_TEXT_MAX || v.assetArea.length > SITE_TEXT_MAX)
    problems.push(`Business Unit and Asset/Area must be at most ${SITE_TEXT_MAX} characters.`);
  if (problems.length) return null;
  const location = roundForStorage({ lat, lng });
  return {
    row,
    id,
    name: v.name,
    alias: v.alias || null,
    lat: location.lat,
    lng: location.lng,
    groupIds: [...new Set(groupIds)].sort((a, b) => a - b),
    businessUnit: v.businessUnit || null,
    assetArea: v.assetArea || null,
    countryId: country?.id ?? null,
    stateProvinceId: state?.id ?? null,
    regulationId: regulation?.id ?? null,
    regulatorySiteTypeId: regulatoryType?.id ?? null,
    genericSiteTypeId: option('genericSiteType', 'Generic Site Type', v.genericSiteType)?.id ?? null,
    basinId: option('basin', 'Basin', v.basin)?.id ?? null,
    industrySegmentId: option('industrySegment', 'Industry Segment', v.industrySegment)?.id ?? null,
    fluidTypeId: option('fluidType', 'Fluid Type', v.fluidType)?.id ?? null,
    notificationRequired,
    specialTicketsRequired,
    workPermitRequired,
    accessNotes: v.accessNotes || null,
  };
}

const COLUMNS = [
  'name',
  'alias',
  'latitude',
  'longitude',
  'business_unit_id',
  'asset_area_id',
  'country_id',
  'state_province_id',
  'regulation_id',
  'regulatory_site_type_id',
  'generic_site_type_id',
  'basin_id',
  'industry_segment_id',
  'fluid_type_id',
  'notification_required',
  'special_tickets_required',
  'work_permit_required',
  'access_notes',
] as const;

type SiteRecord = Record<(typeof COLUMNS)[number], unknown> & { groups: number[] };

async function loadRecord(db: Queryable, id: number): Promise<SiteRecord | null> {
  const [r] = await db.query<SiteRecord>(
    `SELECT ${COLUMNS.join(', ')}, coalesce((SELECT json_agg(site_group_id ORDER BY site_group_id) FROM site_site_groups WHERE site_id = s.id), '[]'::json) AS groups
       FROM sites s WHERE id = $1`,
    [id],
  );
  return r ?? null;
}

/**
 * The upsert of an upload: planned and written in one transaction, so the ids checked are the ids written. A file with
 * problems is an answer (the error and each row's problems) and writes nothing.
 */
export function upsertBulkSites(
  db: Queryable,
  bytes: Uint8Array,
  organizationId: number,
  user: { id: number; email: string },
): Promise<{ rowsChanged: number; error?: string; errors?: Record<string, string[]> }> {
  return inTransaction(db, async (tx) => {
    const plan = await planBulkSites(tx, bytes, organizationId);
    if (!plan.ok) return { rowsChanged: 0, error: plan.detail, errors: plan.errors };
    return { rowsChanged: await applyBulkSites(tx, plan.sites, organizationId, user) };
  });
}

/** Writes a checked plan; returns how many rows changed something. Runs inside the caller's transaction. */
async function applyBulkSites(
  db: Queryable,
  plan: PlannedSite[],
  organizationId: number,
  user: { id: number; email: string },
): Promise<number> {
  let changed = 0;
  for (const [i, site] of plan.entries()) {
    await breathe(i);
    const values = [
      site.name,
      site.alias,
      site.lat,
      site.lng,
      await organizationOptionId(db, 'businessUnit', site.businessUnit, organizationId),
      await organizationOptionId(db, 'assetArea', site.assetArea, organizationId),
      site.countryId,
      site.stateProvinceId,
      site.regulationId,
      site.regulatorySiteTypeId,
      site.genericSiteTypeId,
      site.basinId,
      site.industrySegmentId,
      site.fluidTypeId,
      site.notificationRequired,
      site.specialTicketsRequired,
      site.workPermitRequired,
      site.accessNotes,
    ];
    const before = site.id === null ? null : await loadRecord(db, site.id);
    let id = site.id;
    if (id === null) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO sites (organization_id, ${COLUMNS.join(', ')}) VALUES ($1, ${COLUMNS.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
        [organizationId, ...values],
      );
      id = row!.id;
    } else {
      await db.query(
        `UPDATE sites SET ${COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(', ')}, updated_at = clock_timestamp() WHERE id = $${COLUMNS.length + 1}`,
        [...values, id],
      );
      await db.query('DELETE FROM site_site_groups WHERE site_id = $1', [id]);
    }
    if (site.groupIds.length)
      await db.query('INSERT INTO site_site_groups (site_id, site_group_id) SELECT $1, unnest($2::int[])', [
        id,
        site.groupIds,
      ]);
    const after = (await loadRecord(db, id))!;
    const changes = changedValues(before, after);
    if (changes.length > 0) changed++;
    await recordAudit(db, {
      entityType: 'site',
      entityId: id,
      organizationId,
      userId: user.id,
      userName: user.email,
      changes,
    });
  }
  return changed;
}
