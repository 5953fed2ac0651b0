// Inspections on the server: the organization's checks (sites, sources, inspectors), create one or many (every one or
// none), edit, delete, the lists and the image.
import type { Inspection, InspectionListItem, InspectionSites } from '@/contracts/inspection';
import { parseLatLng, roundForStorage } from '@/domain/coordinates';
import { bulkErrorKey, INSPECTION_MESSAGES, inspectionInputSchema, type InspectionInput } from '@/domain/inspection';
import type { Queryable } from '../db/client';
import { invalid } from './errors';
import { notFound } from './errors';
import { inTransaction } from './transaction';
import type { SiteRef } from './site';

export interface Actor {
  userId: number;
}

interface InspectionRow extends Record<string, unknown> {
  id: number;
  type: number;
  site_id: number;
  site_name: string;
  time: Date | string;
  detection_found: boolean;
  emission_rate: number | null;
  emission_concentration: number | null;
  latitude: number | null;
  longitude: number | null;
  source_id: number | null;
  source_name: string | null;
  survey_type: number | null;
  has_image: boolean;
  north_east_latitude: number | null;
  north_east_longitude: number | null;
  south_west_latitude: number | null;
  south_west_longitude: number | null;
  inspected_by_user_id: number | null;
  inspected_by_email: string | null;
  third_party_inspection_id: string | null;
  description: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = `i.id, i.type, i.site_id, s.name AS site_name, i.time, i.detection_found, i.emission_rate, i.emission_concentration,
  i.latitude, i.longitude, i.source_id, src.name AS source_name, i.survey_type,
  EXISTS (SELECT 1 FROM inspection_images im WHERE im.inspection_id = i.id) AS has_image,
  i.north_east_latitude, i.north_east_longitude, i.south_west_latitude, i.south_west_longitude,
  i.inspected_by_user_id, u.email AS inspected_by_email, i.third_party_inspection_id, i.description, i.created_at, i.updated_at`;
const FROM = `FROM inspections i JOIN sites s ON s.id = i.site_id LEFT JOIN sources src ON src.id = i.source_id LEFT JOIN users u ON u.id = i.inspected_by_user_id`;

const iso = (t: Date | string) => new Date(t).toISOString();
const latLngText = (lat: number | null, lng: number | null) => (lat === null || lng === null ? '' : `${lat},${lng}`);

function toListItem(r: InspectionRow): InspectionListItem {
  return {
    id: r.id,
    type: r.type,
    siteId: r.site_id,
    siteName: r.site_name,
    time: iso(r.time),
    detectionFound: r.detection_found,
    emissionRate: r.emission_rate,
    emissionConcentration: r.emission_concentration,
    locationLatLng: latLngText(r.latitude, r.longitude),
    sourceId: r.source_id,
    sourceName: r.source_name,
    surveyType: r.survey_type,
    hasImage: r.has_image,
    northEastCornerLocationLatLng: latLngText(r.north_east_latitude, r.north_east_longitude),
    southWestCornerLocationLatLng: latLngText(r.south_west_latitude, r.south_west_longitude),
  };
}

function toInspection(r: InspectionRow): Inspection {
  return {
    ...toListItem(r),
    inspectedByUserId: r.inspected_by_user_id,
    inspectedByEmail: r.inspected_by_email,
    thirdPartyInspectionId: r.third_party_inspection_id ?? '',
    description: r.description ?? '',
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** The most recent `top` inspections of the sites matched by `scope` (SQL over `s`) in [from, to), newest first. */
export async function inspectionList(
  db: Queryable,
  scope: string,
  params: unknown[],
  from: string,
  to: string,
  top: number,
): Promise<InspectionListItem[]> {
  const n = params.length;
  const rows = await db.query<InspectionRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${scope} AND i.time >= $${n + 1}::timestamptz AND i.time < $${n + 2}::timestamptz ORDER BY i.time DESC, i.id DESC LIMIT $${n + 3}`,
    [...params, from, to, top],
  );
  return rows.map(toListItem);
}

export async function siteInspections(
  db: Queryable,
  site: SiteRef,
  start: string,
  end: string,
): Promise<InspectionListItem[]> {
  const { siteId } = site;
  await siteOf(db, site);
  const rows = await db.query<InspectionRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE i.site_id = $1 AND i.time >= $2::timestamptz AND i.time < $3::timestamptz ORDER BY i.time, i.id`,
    [siteId, start, end],
  );
  return rows.map(toListItem);
}

async function siteOf(db: Queryable, { organizationId, siteId }: SiteRef): Promise<void> {
  const [site] = await db.query('SELECT id FROM sites WHERE id = $1 AND organization_id = $2', [
    siteId,
    organizationId,
  ]);
  if (!site) throw notFound(INSPECTION_MESSAGES.siteNotFound);
}

/** One inspection of the organization, or 404 (another organization's answers alike). */
export async function loadInspection(db: Queryable, organizationId: number, inspectionId: number): Promise<Inspection> {
  const [row] = await db.query<InspectionRow>(`SELECT ${COLUMNS} ${FROM} WHERE i.id = $1 AND s.organization_id = $2`, [
    inspectionId,
    organizationId,
  ]);
  if (!row) throw notFound(INSPECTION_MESSAGES.inspectionNotFound);
  return toInspection(row);
}

export async function inspectionImage(
  db: Queryable,
  organizationId: number,
  inspectionId: number,
): Promise<{ mimeType: string; content: Uint8Array }> {
  await loadInspection(db, organizationId, inspectionId);
  const [row] = await db.query<{ mime_type: string; content: Uint8Array }>(
    'SELECT mime_type, content FROM inspection_images WHERE inspection_id = $1',
    [inspectionId],
  );
  if (!row) throw notFound('The inspection has no image');
  return { mimeType: row.mime_type, content: row.content };
}

export async function inspectionSites(db: Queryable, organizationId: number): Promise<InspectionSites> {
  const sites = await db.query<{
    id: number;
    name: string;
    latitude: number;
    longitude: number;
    sources: { id: number; name: string; latitude: number; longitude: number }[] | null;
  }>(
    `SELECT s.id, s.name, s.latitude, s.longitude,
            (SELECT json_agg(json_build_object('id', src.id, 'name', src.name, 'latitude', src.latitude, 'longitude', src.longitude) ORDER BY lower(src.name), src.id)
               FROM sources src WHERE src.site_id = s.id AND src.deleted_at IS NULL) AS sources
       FROM sites s WHERE s.organization_id = $1 AND s.deleted_at IS NULL ORDER BY lower(s.name), s.id`,
    [organizationId],
  );
  const inspectors = await db.query<{ id: number; email: string }>(
    'SELECT u.id, u.email FROM users u JOIN user_organizations uo ON uo.user_id = u.id WHERE uo.organization_id = $1 ORDER BY lower(u.email)',
    [organizationId],
  );
  return {
    sites: sites.map((s) => ({
      id: s.id,
      name: s.name,
      locationLatLng: latLngText(s.latitude, s.longitude),
      sources: (s.sources ?? []).map((src) => ({
        id: src.id,
        name: src.name,
        locationLatLng: latLngText(src.latitude, src.longitude),
      })),
    })),
    inspectors,
  };
}

/**
 * The checks the rules cannot make alone: the site is the organization's, the source is the site's, the inspector
 * belongs to the organization. Answers problems by field; a foreign site is a 404.
 */
async function organizationProblems(
  db: Queryable,
  organizationId: number,
  input: InspectionInput,
): Promise<Record<string, string>> {
  await siteOf(db, { organizationId, siteId: input.siteId! });
  const problems: Record<string, string> = {};
  if (input.sourceId !== null) {
    const [source] = await db.query('SELECT id FROM sources WHERE id = $1 AND site_id = $2', [
      input.sourceId,
      input.siteId,
    ]);
    if (!source) problems.sourceId = INSPECTION_MESSAGES.sourceNotAtSite;
  }
  if (input.inspectedByUserId !== null) {
    const [member] = await db.query(
      'SELECT user_id FROM user_organizations WHERE user_id = $1 AND organization_id = $2',
      [input.inspectedByUserId, organizationId],
    );
    if (!member) problems.inspectedByUserId = INSPECTION_MESSAGES.inspectorNotMember;
  }
  return problems;
}

function columnValues(input: InspectionInput): unknown[] {
  const point = (text: string) => {
    const p = parseLatLng(text);
    return p ? roundForStorage(p) : null;
  };
  const location = point(input.locationLatLng);
  const ne = point(input.northEastCornerLocationLatLng);
  const sw = point(input.southWestCornerLocationLatLng);
  const detection = input.detectionFound === true;
  return [
    input.siteId,
    input.type,
    input.time,
    detection,
    // Without a detection the detection fields are empty (spec 3 §5).
    detection ? input.emissionRate : null,
    detection ? input.emissionConcentration : null,
    detection ? (location?.lat ?? null) : null,
    detection ? (location?.lng ?? null) : null,
    detection ? input.sourceId : null,
    input.surveyType,
    input.inspectedByUserId,
    input.thirdPartyInspectionId.trim() || null,
    input.description.trim() || null,
    ne?.lat ?? null,
    ne?.lng ?? null,
    sw?.lat ?? null,
    sw?.lng ?? null,
  ];
}
const INSERT_COLUMNS = `site_id, type, time, detection_found, emission_rate, emission_concentration, latitude, longitude, source_id, survey_type,
  inspected_by_user_id, third_party_inspection_id, description, north_east_latitude, north_east_longitude, south_west_latitude, south_west_longitude`;

async function writeImage(db: Queryable, inspectionId: number, image: InspectionInput['image']): Promise<void> {
  if (image === undefined) return;
  await db.query('DELETE FROM inspection_images WHERE inspection_id = $1', [inspectionId]);
  if (image)
    await db.query('INSERT INTO inspection_images (inspection_id, mime_type, content) VALUES ($1, $2, $3)', [
      inspectionId,
      image.mimeType,
      Buffer.from(image.content, 'base64'),
    ]);
}

async function insertInspection(db: Queryable, input: InspectionInput, actor: Actor): Promise<number> {
  const values = columnValues(input);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO inspections (${INSERT_COLUMNS}, created_by, updated_by) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')}, $${values.length + 1}, $${values.length + 1}) RETURNING id`,
    [...values, actor.userId],
  );
  await writeImage(db, row!.id, input.image);
  return row!.id;
}

/** Creates one inspection or updates one of the organization's (spec 3 §7 inspectionEdit). */
export async function saveInspection(
  db: Queryable,
  organizationId: number,
  input: InspectionInput,
  actor: Actor,
): Promise<Inspection> {
  return inTransaction(db, async (db) => {
    const problems = await organizationProblems(db, organizationId, input);
    if (Object.keys(problems).length)
      throw invalid(
        Object.values(problems).join(' '),
        Object.fromEntries(Object.entries(problems).map(([k, m]) => [k, [m]])),
      );
    if (!input.id) return loadInspection(db, organizationId, await insertInspection(db, input, actor));
    await loadInspection(db, organizationId, input.id);
    const values = columnValues(input);
    const sets = INSERT_COLUMNS.split(',').map((c, i) => `${c.trim()} = $${i + 1}`);
    await db.query(
      `UPDATE inspections SET ${sets.join(', ')}, updated_at = now(), updated_by = $${values.length + 1} WHERE id = $${values.length + 2}`,
      [...values, actor.userId, input.id],
    );
    await writeImage(db, input.id, input.image);
    return loadInspection(db, organizationId, input.id);
  });
}

/**
 * Creates every inspection or none (spec 3 §7 bulkCreateInspections): any problem answers 400 with the messages keyed
 * inspections[n].field.
 */
export async function bulkCreate(
  db: Queryable,
  organizationId: number,
  items: readonly unknown[],
  actor: Actor,
): Promise<number[]> {
  return inTransaction(db, async (db) => {
    const errors: Record<string, string[]> = {};
    const inputs: InspectionInput[] = [];
    for (const [index, item] of items.entries()) {
      const parsed = inspectionInputSchema.safeParse(item);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          (errors[bulkErrorKey(index, issue.path.map(String).join('.'))] ??= []).push(issue.message);
        continue;
      }
      const problems = await organizationProblems(db, organizationId, parsed.data);
      for (const [field, message] of Object.entries(problems))
        (errors[bulkErrorKey(index, field)] ??= []).push(message);
      inputs.push(parsed.data);
    }
    if (Object.keys(errors).length) throw invalid('Some inspections are not valid; none was created.', errors);
    const ids: number[] = [];
    for (const input of inputs) ids.push(await insertInspection(db, { ...input, id: null }, actor));
    return ids;
  });
}

export async function deleteInspection(db: Queryable, organizationId: number, inspectionId: number): Promise<void> {
  return inTransaction(db, async (db) => {
    await loadInspection(db, organizationId, inspectionId);
    await db.query('DELETE FROM inspections WHERE id = $1', [inspectionId]);
  });
}
