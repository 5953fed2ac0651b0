// A site's structures (spec 3 §3 'Structure', §5): list, create or edit, delete (structures are removed for good).
import type { Structure } from '@/contracts/site-edit';
import { STRUCTURE_MESSAGES, type StructureEditBody } from '@/domain/structure';
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

const structures = siteFeatureStore({
  label: 'Structure',
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
  alias: 't',
  select: SELECT,
  toFeature: toStructure,
  notFound: STRUCTURE_MESSAGES.notFound,
  auditValues,
});

export function listStructures(db: Queryable, site: SiteRef): Promise<Structure[]> {
  return structures.list(db, site);
}

export function saveStructure(
  db: Queryable,
  organizationId: number,
  body: StructureEditBody,
  actor: Actor,
): Promise<Structure> {
  return structures.save(db, organizationId, body, actor, (_db, at) => [
    body.name.trim(),
    at.lat,
    at.lng,
    body.footprintType,
    body.footprintRotation,
    body.footprintX,
    body.footprintY,
    body.footprintZ,
  ]);
}

export function deleteStructure(db: Queryable, organizationId: number, id: number, actor: Actor): Promise<void> {
  return structures.remove(db, organizationId, id, actor);
}
