// A site's sources as the Site edit screen edits them (spec 3 §3 'Source', §4, §5): create or edit with the group
// found or made by name, soft delete (deletedAt) and restore.
import type { SourceEdit } from '@/contracts/site-edit';
import { SOURCE_MESSAGES, type SourceEditBody } from '@/domain/source';
import type { SiteRef } from './site';
import type { Queryable } from '../db/client';
import { latLngText, type Actor } from './site-edit';
import { siteFeatureStore } from './site-feature';

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

const sources = siteFeatureStore({
  label: 'Source',
  table: 'sources',
  columns: ['name', 'latitude', 'longitude', 'height', 'relative_importance', 'source_category_id', 'source_group_id'],
  alias: 's',
  select: SELECT,
  toFeature: toSource,
  notFound: SOURCE_MESSAGES.notFound,
  auditValues,
});

export function listSiteSources(db: Queryable, site: SiteRef, includeDeleted: boolean): Promise<SourceEdit[]> {
  return sources.list(db, site, includeDeleted ? '' : 'AND s.deleted_at IS NULL');
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

export function saveSource(
  db: Queryable,
  organizationId: number,
  body: SourceEditBody,
  actor: Actor,
): Promise<SourceEdit> {
  return sources.save(db, organizationId, body, actor, async (db, at) => {
    const groupName = body.sourceGroup?.name.trim() ?? '';
    const groupId = groupName ? await groupIdFor(db, body.siteId, groupName) : null;
    return [
      body.name.trim(),
      at.lat,
      at.lng,
      body.height ?? 2,
      body.relativeImportance,
      body.sourceCategoryId,
      groupId,
    ];
  });
}

/** Soft delete (deleted) or restore; the source keeps its emissions either way. */
export function setSourceDeleted(
  db: Queryable,
  organizationId: number,
  sourceId: number,
  deleted: boolean,
  actor: Actor,
): Promise<SourceEdit> {
  const sql = `deleted_at = ${deleted ? 'coalesce(deleted_at, now())' : 'NULL'}`;
  return sources.update(db, organizationId, sourceId, sql, actor);
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
