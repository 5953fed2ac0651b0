// A site's sources as the Site edit screen edits them (spec 3 §3 'Source', §4, §5): create or edit with the group
// found or made by name, soft delete (deletedAt) and restore.
import type { SourceEdit } from '@/contracts/site-edit';
import { parseLatLng, roundForStorage } from '@/domain/coordinates';
import { SOURCE_MESSAGES, type SourceEditBody } from '@/domain/source';
import type { SiteRef } from './site';
import type { Queryable } from '../db/client';
import { DomainError } from './errors';
import {
  auditSiteFeature,
  checkEditableSite,
  latLngText,
  loadEditSite,
  writeSiteFeature,
  type Actor,
} from './site-edit';
import { inTransaction } from './transaction';

const SOURCE_ROW = {
  table: 'sources',
  columns: ['name', 'latitude', 'longitude', 'height', 'relative_importance', 'source_category_id', 'source_group_id'],
} as const;

interface Row extends Record<string, unknown> {
  id: number;
  site_id: number;
  name: string;
  latitude: number;
  longitude: number;
  height: number;
  relative_importance: number;
  source_category_id: number | null;
  source_category_name: string | null;
  source_group_id: number | null;
  source_group_name: string | null;
  deleted_at: Date | string | null;
}

const SELECT = `SELECT s.id, s.site_id, s.name, s.latitude, s.longitude, s.height, s.relative_importance, s.source_category_id,
       c.name AS source_category_name, s.source_group_id, g.name AS source_group_name, s.deleted_at
  FROM sources s
  JOIN sites site ON site.id = s.site_id
  LEFT JOIN source_categories c ON c.id = s.source_category_id
  LEFT JOIN source_groups g ON g.id = s.source_group_id`;

const toSource = (r: Row): SourceEdit => ({
  id: r.id,
  siteId: r.site_id,
  name: r.name,
  locationLatLng: latLngText(r.latitude, r.longitude),
  height: r.height,
  relativeImportance: r.relative_importance,
  sourceCategoryId: r.source_category_id,
  sourceCategoryName: r.source_category_name,
  sourceGroup: r.source_group_id !== null ? { id: r.source_group_id, name: r.source_group_name ?? '' } : null,
  deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at).toISOString(),
});

const auditValues = (s: SourceEdit) => ({
  name: s.name,
  location: s.locationLatLng,
  height: s.height,
  relativeImportance: s.relativeImportance,
  sourceCategoryId: s.sourceCategoryId,
  sourceGroup: s.sourceGroup?.name ?? null,
  deletedAt: s.deletedAt,
});

export async function listSiteSources(
  db: Queryable,
  { organizationId, siteId }: SiteRef,
  includeDeleted: boolean,
): Promise<SourceEdit[]> {
  await loadEditSite(db, { organizationId, siteId });
  const rows = await db.query<Row>(
    `${SELECT} WHERE s.site_id = $1 AND site.organization_id = $2 ${includeDeleted ? '' : 'AND s.deleted_at IS NULL'} ORDER BY lower(s.name), s.id`,
    [siteId, organizationId],
  );
  return rows.map(toSource);
}

async function loadSource(db: Queryable, organizationId: number, sourceId: number, lock = false): Promise<SourceEdit> {
  const [row] = await db.query<Row>(
    `${SELECT} WHERE s.id = $1 AND site.organization_id = $2${lock ? ' FOR UPDATE OF s' : ''}`,
    [sourceId, organizationId],
  );
  if (!row) throw new DomainError('NotFound', SOURCE_MESSAGES.notFound);
  return toSource(row);
}

/** The site's group of that name (case-insensitive), made when missing. */
async function groupIdFor(db: Queryable, siteId: number, name: string): Promise<number> {
  const [found] = await db.query<{ id: number }>(
    'SELECT id FROM source_groups WHERE site_id = $1 AND lower(name) = lower($2)',
    [siteId, name],
  );
  if (found) return found.id;
  const [made] = await db.query<{ id: number }>(
    'INSERT INTO source_groups (site_id, name) VALUES ($1, $2) RETURNING id',
    [siteId, name],
  );
  return made!.id;
}

export async function saveSource(
  db: Queryable,
  organizationId: number,
  body: SourceEditBody,
  actor: Actor,
): Promise<SourceEdit> {
  return inTransaction(db, async (db) => {
    await checkEditableSite(db, { organizationId, siteId: body.siteId });
    const before = body.id ? await loadSource(db, organizationId, body.id, true) : null;
    if (before && before.siteId !== body.siteId) throw new DomainError('NotFound', SOURCE_MESSAGES.notFound);
    const at = roundForStorage(parseLatLng(body.locationLatLng)!);
    const groupName = body.sourceGroup?.name.trim() ?? '';
    const groupId = groupName ? await groupIdFor(db, body.siteId, groupName) : null;
    const values = [
      body.name.trim(),
      at.lat,
      at.lng,
      body.height ?? 2,
      body.relativeImportance,
      body.sourceCategoryId,
      groupId,
    ];
    const id = await writeSiteFeature(db, SOURCE_ROW, body.siteId, before?.id ?? null, values);
    const after = await loadSource(db, organizationId, id);
    await auditSiteFeature(
      db,
      { organizationId, siteId: body.siteId },
      actor,
      `Source ${id}`,
      before ? auditValues(before) : null,
      auditValues(after),
    );
    return after;
  });
}

/** Soft delete (deleted) or restore; the source keeps its emissions either way. */
export async function setSourceDeleted(
  db: Queryable,
  organizationId: number,
  sourceId: number,
  deleted: boolean,
  actor: Actor,
): Promise<SourceEdit> {
  return inTransaction(db, async (db) => {
    const before = await loadSource(db, organizationId, sourceId, true);
    await checkEditableSite(db, { organizationId, siteId: before.siteId });
    await db.query(
      `UPDATE sources SET deleted_at = ${deleted ? 'coalesce(deleted_at, now())' : 'NULL'} WHERE id = $1`,
      [sourceId],
    );
    const after = await loadSource(db, organizationId, sourceId);
    await auditSiteFeature(
      db,
      { organizationId, siteId: before.siteId },
      actor,
      `Source ${sourceId}`,
      auditValues(before),
      auditValues(after),
    );
    return after;
  });
}

/** The source groups of the organization's sites, for the group name's suggestions. */
export async function sourceGroupOptions(
  db: Queryable,
  organizationId: number,
): Promise<{ id: number; name: string; siteId: number }[]> {
  const rows = await db.query<{ id: number; name: string; site_id: number }>(
    'SELECT g.id, g.name, g.site_id FROM source_groups g JOIN sites s ON s.id = g.site_id WHERE s.organization_id = $1 ORDER BY lower(g.name), g.id',
    [organizationId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, siteId: r.site_id }));
}
