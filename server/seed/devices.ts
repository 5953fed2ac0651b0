// Demo devices as the device form would have made them (spec 2 §5 name formats and serial prefixes), their hardware,
// device-cloud state, and the events they sent over the last week.
import { DEVICE_EVENT_CATALOG } from '@/domain/device-event';
import { HARDWARE_ITEMS, QUBE_SERIAL_PREFIXES, type DeviceKind, type HardwareItem } from '@/domain/device-form';
import type { Database } from '../db/client';
import type { Random } from './random';

const HARDWARE_VALUES: Record<HardwareItem, string[]> = {
  anemometer: ['Gill WindSonic 60', 'Davis 6410', 'Calypso ULP485'],
  battery: ['LiFePO4 40Ah', 'LiFePO4 60Ah', 'AGM 35Ah'],
  solar: ['20W Mono', '30W Mono', '50W Poly'],
  fan: ['Sunon 40mm', 'Noctua NF-A4x10'],
  pcbVersion: ['Rev C', 'Rev D', 'Rev E'],
  antenna: ['Taoglas FXUB63', 'Pulse W3907'],
  inletFilter: ['PTFE 1 µm', 'PTFE 5 µm'],
};

/** Inserts the hardware option lists; returns their ids per item. */
export async function seedHardwareOptions(database: Database): Promise<Record<HardwareItem, number[]>> {
  const out = {} as Record<HardwareItem, number[]>;
  for (const h of HARDWARE_ITEMS) {
    const names = HARDWARE_VALUES[h.key];
    const rows = await database.query<{ id: number }>(
      `INSERT INTO device_hardware_options (item, name) SELECT $1, unnest($2::text[]) RETURNING id`,
      [h.key, names],
    );
    out[h.key] = rows.map((x) => x.id);
  }
  return out;
}

export const DEVICE_COLUMNS = [
  'name',
  'device_type',
  'particle_online_status',
  'third_party_serial_number',
  'organization_id',
  'third_party_id',
  'pcb_qr_code',
  'hardware_content',
  'sensor_configuration_version_id',
  'rmx_gen',
  'particle_firmware_version',
  'particle_targeted_firmware_version',
  'particle_last_heard_at',
  'particle_last_handshake_at',
  'hardware',
  'serial_numbers',
  'inlet_vent_dca_cleanout_time',
  'production_notes',
];

const FIRMWARE = ['6.2.1', '6.3.0', '6.3.2'];
const GAS_SENSORS: Record<DeviceKind, string[]> = {
  Qube: ['ch4', 'co', 'co2', 'h2s', 'nh3', 'no2', 'pm2', 'so2', 'voc'],
  QubeLite: ['ch4'],
  QubeCamera: [],
};
export const INSTALLERS = ['field.tech1@example.com', 'field.tech2@example.com', 'operator@example.com'];
export const QUARANTINE_NOTES = [
  'Inlet blocked by debris',
  'Anemometer reading zero, replacement ordered',
  'Readings drifting, awaiting calibration',
  'Shaded by new equipment',
];

const hex = (r: Random, n: number) => Array.from({ length: n }, () => Math.floor(r.next() * 16).toString(16)).join('');
const digits = (n: number, width: number) => String(n).padStart(width, '0');

/** One devices row in DEVICE_COLUMNS order; organization_id is filled in after installation. */
export function deviceRow(
  r: Random,
  index: number,
  kind: DeviceKind,
  online: boolean | null,
  hardwareIds: Record<HardwareItem, number[]>,
  now: Date,
): unknown[] {
  const number = 1000 + index + 1;
  const name =
    kind === 'Qube'
      ? index % 10 === 9
        ? `AXON-V3-${number}`
        : `A-${number}`
      : kind === 'QubeLite'
        ? `B-${number}`
        : `C-${number}`;
  const serial =
    kind === 'Qube'
      ? `${r.pick(QUBE_SERIAL_PREFIXES)}-${digits(number, 6)}`
      : kind === 'QubeLite'
        ? `BL-${digits(number, 6)}`
        : `CAM-${digits(number, 6)}`;
  const firmware = r.pick(FIRMWARE);
  const heard =
    online === null ? null : new Date(now.getTime() - (online ? r.next() * 120_000 : 3_600_000 * (3 + r.next() * 72)));
  const hardware =
    kind === 'QubeCamera'
      ? {}
      : Object.fromEntries(HARDWARE_ITEMS.filter(() => r.chance(0.85)).map((h) => [h.key, r.pick(hardwareIds[h.key])]));
  const serials: Record<string, string> = {};
  for (const gas of GAS_SENSORS[kind]) {
    const code = hex(r, 6).toUpperCase();
    // A Qube's CH4 (RMX) sensor has an 8-digit serial, the key of its sensor configuration.
    serials[gas] =
      kind === 'Qube' && gas === 'ch4'
        ? String(30_000_000 + index * 10 + (parseInt(code, 16) % 10))
        : `${gas.toUpperCase()}-${code}`;
  }
  if (kind !== 'QubeCamera') {
    for (const part of ['anemometer', 'battery', 'solar', 'fan', 'pcb'])
      if (r.chance(0.8)) serials[part] = `${part.slice(0, 3).toUpperCase()}${digits(Math.floor(r.next() * 1e6), 6)}`;
    if (kind === 'Qube' && r.chance(0.7)) serials.daughterCard = `DC${digits(Math.floor(r.next() * 1e6), 6)}`;
  }
  const cleanout = kind === 'QubeCamera' ? null : new Date(now.getTime() + (r.next() - 0.6) * 200 * 86_400_000);
  return [
    name,
    kind,
    online,
    serial,
    null,
    hex(r, 24),
    `QUBE:${name}`,
    GAS_SENSORS[kind].join(',').toUpperCase() || null,
    kind === 'Qube' ? r.int(1, 12) : null /* replaced by the sensor configuration seed */,
    kind === 'Qube' ? r.pick(['RMX2', 'RMX3']) : null,
    firmware,
    '6.3.2',
    heard,
    heard === null ? null : new Date(heard.getTime() - r.next() * 86_400_000),
    JSON.stringify(hardware),
    JSON.stringify(serials),
    cleanout,
    r.chance(0.2) ? r.pick(['Reflowed antenna connector', 'Extra conformal coating', 'Burn-in 48 h passed']) : null,
  ];
}

/** A week of device events for every installed device (a few a day, some developer codes). */
export async function seedDeviceEvents(database: Database, r: Random, now: Date): Promise<number> {
  const installed = await database.query<{ device_id: number; site_id: number; firmware: string | null }>(
    'SELECT i.device_id, i.site_id, d.particle_firmware_version AS firmware FROM device_installations i JOIN devices d ON d.id = i.device_id WHERE i.ended_at IS NULL ORDER BY i.device_id',
  );
  const rows: unknown[][] = [];
  const weekMs = 7 * 86_400_000;
  for (const d of installed) {
    const n = r.int(8, 30);
    for (let k = 0; k < n; k++) {
      const e = r.pick(DEVICE_EVENT_CATALOG);
      const parameters = e.parameters ? e.parameters(r.next()) : null;
      rows.push([
        d.device_id,
        d.site_id,
        new Date(now.getTime() - r.next() * weekMs),
        e.code,
        e.message,
        parameters,
        d.firmware,
      ]);
    }
  }
  const columns = ['device_id', 'site_id', 'time', 'event_code', 'message', 'parameters', 'firmware_version'];
  const batch = Math.floor(30000 / columns.length);
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    const params: unknown[] = [];
    const values = chunk.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`);
    await database.query(`INSERT INTO device_events (${columns.join(', ')}) VALUES ${values.join(', ')}`, params);
  }
  return rows.length;
}
