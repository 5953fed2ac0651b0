// Demo inspections (spec 3 §3 'Inspection'): every monitored site (one with a device installed now) gets a handful over
// the last 60 days. Survey walks alternate OGI and AVO; some find a leak at one of the site's sources or at a spot
// on the pad. Now and then a plane flies over: an Aerial inspection with a small generated image of the pad and the
// plume, laid between its north-east and south-west corners.
import { deflateSync } from 'node:zlib';
import { roundForStorage } from '@/domain/coordinates';
import { InspectionType, SurveyType } from '@/domain/inspection';
import type { Database } from '../db/client';
import type { Random } from './random';

const DAY_MS = 86_400_000;
const DAYS_BACK = 60;
const METRES_PER_DEGREE = 111_320;
const IMAGE_SIZE = 64;
const NOTES = {
  clean: ['Walked the pad; nothing found.', 'Routine quarterly survey, no leaks.', 'All connections checked.', ''],
  found: [
    'Leak at a flange, tagged for repair.',
    'Thief hatch not seated; reseated on site.',
    'Small leak at a valve packing.',
    'Venting from a pneumatic controller.',
  ],
  aerial: [
    'Flyover of the pad.',
    'Aerial survey of the basin, this pad in frame.',
    'Plume visible downwind of the tanks.',
  ],
};

let crcTable: Uint32Array | null = null;
function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small RGB PNG of a pad seen from above (brown ground, a grey pad) with a plume drifting from (px, py). */
export function aerialImage(r: Random): Buffer {
  const size = IMAGE_SIZE;
  const px = r.int(20, 44);
  const py = r.int(20, 44);
  const angle = r.next() * 2 * Math.PI;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const onPad = x > 14 && x < 50 && y > 14 && y < 50;
      let [red, green, blue] = onPad
        ? [150, 150, 140]
        : [120 + ((x * 7 + y * 3) % 17), 100 + ((x * 5 + y * 11) % 13), 70];
      // The plume: strongest at the source, fading along the wind.
      const dx = x - px;
      const dy = y - py;
      const along = dx * Math.cos(angle) + dy * Math.sin(angle);
      const across = -dx * Math.sin(angle) + dy * Math.cos(angle);
      if (along > -2) {
        const strength =
          Math.exp(-(across * across) / (2 * (1.5 + along * 0.25) ** 2)) * Math.exp(-Math.max(0, along) / 18);
        red = Math.round(red + (255 - red) * strength);
        green = Math.round(green * (1 - strength * 0.6));
        blue = Math.round(blue * (1 - strength * 0.6));
      }
      row.set([red, green, blue], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', new Uint8Array()),
  ]);
}

const offset = (lat: number, lng: number, north: number, east: number) =>
  roundForStorage({
    lat: lat + north / METRES_PER_DEGREE,
    lng: lng + east / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180)),
  });

/** Answers how many inspections it wrote. */
export async function seedInspections(database: Database, r: Random, now: Date): Promise<number> {
  const sites = await database.query<{
    id: number;
    organization_id: number;
    latitude: number;
    longitude: number;
    sources: number[] | null;
    members: number[] | null;
  }>(
    `SELECT s.id, s.organization_id, s.latitude, s.longitude,
            (SELECT array_agg(src.id ORDER BY src.id) FROM sources src WHERE src.site_id = s.id AND src.deleted_at IS NULL) AS sources,
            (SELECT array_agg(uo.user_id ORDER BY uo.user_id) FROM user_organizations uo WHERE uo.organization_id = s.organization_id) AS members
       FROM sites s
      WHERE s.deleted_at IS NULL AND EXISTS (SELECT 1 FROM device_installations i WHERE i.site_id = s.id AND i.ended_at IS NULL)
      ORDER BY s.id`,
  );
  const columns = [
    'site_id',
    'type',
    'time',
    'detection_found',
    'emission_rate',
    'emission_concentration',
    'latitude',
    'longitude',
    'source_id',
    'survey_type',
    'inspected_by_user_id',
    'third_party_inspection_id',
    'description',
    'north_east_latitude',
    'north_east_longitude',
    'south_west_latitude',
    'south_west_longitude',
  ];
  const rows: unknown[][] = [];
  const images: Buffer[] = [];
  const aerialRows: number[] = [];
  for (const site of sites) {
    const count = r.int(3, 6);
    for (let n = 0; n < count; n++) {
      const time = new Date(now.getTime() - r.next() * DAYS_BACK * DAY_MS);
      time.setUTCSeconds(0, 0);
      const inspector = site.members?.length && r.chance(0.8) ? r.pick(site.members) : null;
      if (r.chance(0.25)) {
        const spot = offset(site.latitude, site.longitude, r.normal() * 30, r.normal() * 30);
        const ne = offset(site.latitude, site.longitude, 150, 150);
        const sw = offset(site.latitude, site.longitude, -150, -150);
        const rate = Math.round(r.next() * 250) / 10;
        aerialRows.push(rows.length);
        images.push(aerialImage(r));
        rows.push([
          site.id,
          InspectionType.Aerial,
          time,
          true,
          rate,
          Math.round(rate * 40),
          spot.lat,
          spot.lng,
          null,
          null,
          inspector,
          `AER-${site.id}-${n + 1}`,
          r.pick(NOTES.aerial),
          ne.lat,
          ne.lng,
          sw.lat,
          sw.lng,
        ]);
        continue;
      }
      const surveyType = r.chance(0.6) ? SurveyType.OGI : SurveyType.AVO;
      const found = r.chance(0.35);
      if (!found) {
        rows.push([
          site.id,
          InspectionType.Survey,
          time,
          false,
          null,
          null,
          null,
          null,
          null,
          surveyType,
          inspector,
          r.chance(0.4) ? `WO-${10000 + rows.length}` : null,
          r.pick(NOTES.clean) || null,
          null,
          null,
          null,
          null,
        ]);
        continue;
      }
      const rate = Math.round(r.next() * 80) / 10;
      const atSource = site.sources?.length && r.chance(0.7) ? r.pick(site.sources) : null;
      const spot = atSource === null ? offset(site.latitude, site.longitude, r.normal() * 20, r.normal() * 20) : null;
      rows.push([
        site.id,
        InspectionType.Survey,
        time,
        true,
        rate,
        Math.round(rate * 25 + r.next() * 50),
        spot?.lat ?? null,
        spot?.lng ?? null,
        atSource,
        surveyType,
        inspector,
        `WO-${10000 + rows.length}`,
        r.pick(NOTES.found),
        null,
        null,
        null,
        null,
      ]);
    }
  }
  const ids: number[] = [];
  const batch = Math.floor(30000 / columns.length);
  for (let start = 0; start < rows.length; start += batch) {
    const params: unknown[] = [];
    const values = rows
      .slice(start, start + batch)
      .map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`);
    const inserted = await database.query<{ id: number }>(
      `INSERT INTO inspections (${columns.join(', ')}) VALUES ${values.join(', ')} RETURNING id`,
      params,
    );
    ids.push(...inserted.map((row) => row.id));
  }
  for (let start = 0; start < aerialRows.length; start += 200) {
    const params: unknown[] = [];
    const values = aerialRows.slice(start, start + 200).map((rowIndex, i) => {
      params.push(ids[rowIndex], images[start + i]);
      return `($${params.length - 1}, 'image/png', $${params.length})`;
    });
    if (values.length)
      await database.query(
        `INSERT INTO inspection_images (inspection_id, mime_type, content) VALUES ${values.join(', ')}`,
        params,
      );
  }
  return rows.length;
}
