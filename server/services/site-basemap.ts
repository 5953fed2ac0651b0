// A site's basemaps (spec 3 §3 'Basemap', §5): georeferenced PNG or JPEG images (at most 2 MB, kept as bytes in the
// database) with their corners. The browser turns GeoTIFF, KML and KMZ into such an image before the upload.
import type { Basemap, BasemapEditFields } from '@/contracts/site-edit';
import { BASEMAP_FORM_MESSAGES, basemapProblems, type BasemapImageType } from '@/domain/basemap';
import { parseLatLng, roundForStorage } from '@/domain/coordinates';
import type { SiteRef } from './site';
import type { Queryable } from '../db/client';
import { DomainError } from './errors';
import { auditSiteFeature, latLngText, loadEditSite, type Actor } from './site-edit';
import { inTransaction } from './transaction';

interface Row extends Record<string, unknown> {
  id: number;
  site_id: number;
  name: string;
  north_east_latitude: number;
  north_east_longitude: number;
  south_west_latitude: number;
  south_west_longitude: number;
  show_by_default: boolean;
  mime_type: string;
  updated_at: Date | string;
}

const SELECT = `SELECT b.id, b.site_id, b.name, b.north_east_latitude, b.north_east_longitude, b.south_west_latitude, b.south_west_longitude,
       b.show_by_default, i.mime_type, b.updated_at
  FROM basemaps b JOIN sites site ON site.id = b.site_id JOIN basemap_images i ON i.basemap_id = b.id`;

const toBasemap = (r: Row): Basemap => ({
  id: r.id,
  siteId: r.site_id,
  name: r.name,
  northEastCornerLatLng: latLngText(r.north_east_latitude, r.north_east_longitude),
  southWestCornerLatLng: latLngText(r.south_west_latitude, r.south_west_longitude),
  showByDefault: r.show_by_default,
  mimeType: r.mime_type,
  imageVersion: String(new Date(r.updated_at).getTime()),
});

const auditValues = (b: Basemap) => ({
  name: b.name,
  northEastCorner: b.northEastCornerLatLng,
  southWestCorner: b.southWestCornerLatLng,
  showByDefault: b.showByDefault,
  image: b.imageVersion,
});

export async function listBasemaps(db: Queryable, { organizationId, siteId }: SiteRef): Promise<Basemap[]> {
  await loadEditSite(db, { organizationId, siteId });
  return (
    await db.query<Row>(`${SELECT} WHERE b.site_id = $1 AND site.organization_id = $2 ORDER BY lower(b.name), b.id`, [
      siteId,
      organizationId,
    ])
  ).map(toBasemap);
}

async function loadBasemap(db: Queryable, organizationId: number, id: number): Promise<Basemap> {
  const [row] = await db.query<Row>(`${SELECT} WHERE b.id = $1 AND site.organization_id = $2`, [id, organizationId]);
  if (!row) throw new DomainError('NotFound', BASEMAP_FORM_MESSAGES.notFound);
  return toBasemap(row);
}

export interface BasemapUpload {
  fields: BasemapEditFields;
  image: { mimeType: BasemapImageType; content: Buffer } | null;
}

export async function saveBasemap(
  db: Queryable,
  organizationId: number,
  upload: BasemapUpload,
  actor: Actor,
): Promise<Basemap> {
  return inTransaction(db, async (db) => {
    const { fields, image } = upload;
    const problems = basemapProblems({ ...fields, hasImage: image !== null, isNew: !fields.id });
    if (Object.keys(problems).length > 0) {
      throw new DomainError(
        'Invalid',
        'The request is not valid.',
        Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])),
      );
    }
    await loadEditSite(db, { organizationId, siteId: fields.siteId });
    const before = fields.id ? await loadBasemap(db, organizationId, fields.id) : null;
    if (before && before.siteId !== fields.siteId) throw new DomainError('NotFound', BASEMAP_FORM_MESSAGES.notFound);
    const ne = roundForStorage(parseLatLng(fields.northEastCornerLatLng)!);
    const sw = roundForStorage(parseLatLng(fields.southWestCornerLatLng)!);
    const values = [fields.name.trim(), ne.lat, ne.lng, sw.lat, sw.lng, fields.showByDefault];
    let id: number;
    if (before) {
      await db.query(
        'UPDATE basemaps SET name = $2, north_east_latitude = $3, north_east_longitude = $4, south_west_latitude = $5, south_west_longitude = $6, show_by_default = $7, updated_at = now() WHERE id = $1',
        [before.id, ...values],
      );
      id = before.id;
    } else {
      const [row] = await db.query<{ id: number }>(
        'INSERT INTO basemaps (site_id, name, north_east_latitude, north_east_longitude, south_west_latitude, south_west_longitude, show_by_default) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
        [fields.siteId, ...values],
      );
      id = row!.id;
    }
    if (image) {
      await db.query(
        'INSERT INTO basemap_images (basemap_id, mime_type, content) VALUES ($1, $2, $3) ON CONFLICT (basemap_id) DO UPDATE SET mime_type = excluded.mime_type, content = excluded.content',
        [id, image.mimeType, image.content],
      );
    }
    const after = await loadBasemap(db, organizationId, id);
    await auditSiteFeature(
      db,
      { organizationId, siteId: fields.siteId },
      actor,
      `Basemap ${id}`,
      before ? auditValues(before) : null,
      auditValues(after),
    );
    return after;
  });
}

export async function deleteBasemap(db: Queryable, organizationId: number, id: number, actor: Actor): Promise<void> {
  return inTransaction(db, async (db) => {
    const before = await loadBasemap(db, organizationId, id);
    await db.query('DELETE FROM basemaps WHERE id = $1', [id]);
    await auditSiteFeature(
      db,
      { organizationId, siteId: before.siteId },
      actor,
      `Basemap ${id}`,
      auditValues(before),
      null,
    );
  });
}

export async function basemapImage(
  db: Queryable,
  organizationId: number,
  id: number,
): Promise<{ mimeType: string; content: Uint8Array }> {
  await loadBasemap(db, organizationId, id);
  const [row] = await db.query<{ mime_type: string; content: Uint8Array }>(
    'SELECT mime_type, content FROM basemap_images WHERE basemap_id = $1',
    [id],
  );
  if (!row) throw new DomainError('NotFound', BASEMAP_FORM_MESSAGES.notFound);
  return { mimeType: row.mime_type, content: row.content };
}
