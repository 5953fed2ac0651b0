// A site's structures (spec 3 §3 'Structure', §5): list, create or edit, delete (structures are removed for good).
import type { Structure } from '@/contracts/site-edit';
import { parseLatLng, roundForStorage } from '@/domain/coordinates';
import { STRUCTURE_MESSAGES, type StructureEditBody } from '@/domain/structure';
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

const STRUCTURE_ROW = {
  table: 'structures',
  columns: [
    'name',
    'latitude',
    'longitude',
    'footprint_type',
    'footprint_rotation',
    'footprint_x',
    'footprint_y',
    'footprint_z',
  ],
  touchUpdatedAt: true,
} as const;

interface Row extends Record<string, unknown> {
  id: number;
  site_id: number;
  name: string;
  latitude: number;
  longitude: number;
  footprint_type: 'Box' | 'Cylinder';
  footprint_rotation: number;
  footprint_x: number;
  footprint_y: number;
  footprint_z: number;
}

const SELECT = `SELECT t.id, t.site_id, t.name, t.latitude, t.longitude, t.footprint_type, t.footprint_rotation, t.footprint_x, t.footprint_y, t.footprint_z
  FROM structures t JOIN sites site ON site.id = t.site_id`;

const toStructure = (r: Row): Structure => ({
  id: r.id,
  siteId: r.site_id,
  name: r.name,
  locationLatLng: latLngText(r.latitude, r.longitude),
  footprintType: r.footprint_type,
  footprintRotation: r.footprint_rotation,
  footprintX: r.footprint_x,
  footprintY: r.footprint_y,
  footprintZ: r.footprint_z,
});

const auditValues = (s: Structure) => ({
  name: s.name,
  location: s.locationLatLng,
  footprintType: s.footprintType,
  footprintRotation: s.footprintRotation,
  footprintX: s.footprintX,
  footprintY: s.footprintY,
  footprintZ: s.footprintZ,
});

export async function listStructures(db: Queryable, { organizationId, siteId }: SiteRef): Promise<Structure[]> {
  await loadEditSite(db, { organizationId, siteId });
  return (
    await db.query<Row>(`${SELECT} WHERE t.site_id = $1 AND site.organization_id = $2 ORDER BY lower(t.name), t.id`, [
      siteId,
      organizationId,
    ])
  ).map(toStructure);
}

async function loadStructure(db: Queryable, organizationId: number, id: number): Promise<Structure> {
  const [row] = await db.query<Row>(`${SELECT} WHERE t.id = $1 AND site.organization_id = $2`, [id, organizationId]);
  if (!row) throw new DomainError('NotFound', STRUCTURE_MESSAGES.notFound);
  return toStructure(row);
}

export async function saveStructure(
  db: Queryable,
  organizationId: number,
  body: StructureEditBody,
  actor: Actor,
): Promise<Structure> {
  return inTransaction(db, async (db) => {
    await checkEditableSite(db, { organizationId, siteId: body.siteId });
    const before = body.id ? await loadStructure(db, organizationId, body.id) : null;
    if (before && before.siteId !== body.siteId) throw new DomainError('NotFound', STRUCTURE_MESSAGES.notFound);
    const at = roundForStorage(parseLatLng(body.locationLatLng)!);
    const values = [
      body.name.trim(),
      at.lat,
      at.lng,
      body.footprintType,
      body.footprintRotation,
      body.footprintX,
      body.footprintY,
      body.footprintZ,
    ];
    const id = await writeSiteFeature(db, STRUCTURE_ROW, body.siteId, before?.id ?? null, values);
    const after = await loadStructure(db, organizationId, id);
    await auditSiteFeature(
      db,
      { organizationId, siteId: body.siteId },
      actor,
      `Structure ${id}`,
      before ? auditValues(before) : null,
      auditValues(after),
    );
    return after;
  });
}

export async function deleteStructure(db: Queryable, organizationId: number, id: number, actor: Actor): Promise<void> {
  return inTransaction(db, async (db) => {
    const before = await loadStructure(db, organizationId, id);
    await checkEditableSite(db, { organizationId, siteId: before.siteId });
    await db.query('DELETE FROM structures WHERE id = $1', [id]);
    await auditSiteFeature(
      db,
      { organizationId, siteId: before.siteId },
      actor,
      `Structure ${id}`,
      auditValues(before),
      null,
    );
  });
}
