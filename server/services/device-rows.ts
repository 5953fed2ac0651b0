// Device rows for the Device Health grid and the Devices page (spec 2 §3 'Device health row'): each device of an
// organization with its open installation, device-cloud state, hardware names and latest readings.
import type { DeviceHealthRow, DeviceListRow } from '@/contracts/device';
import type { Queryable } from '../db/client';
import { WIND_DIRECTION_TYPE as WIND_DIRECTION, WIND_SPEED_TYPE as WIND_SPEED } from '@/domain/measurement-type';

/** Readings the health row carries: gases and status of the device kinds, and the wind pair. */
export const LATEST_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 14, 15, 16, 28] as const;
const TEMPERATURE = 9;
/** Below this ambient temperature (°C) the CH4 sensor reads unreliably; the row flags it. */
export const LOW_TEMPERATURE_C = -20;

interface DeviceRow extends Record<string, unknown> {
  id: number;
  name: string;
  third_party_id: string | null;
  third_party_serial_number: string | null;
  device_type: 'Qube' | 'QubeLite' | 'QubeCamera';
  organization_name: string;
  particle_online_status: boolean | null;
  particle_firmware_version: string | null;
  rmx_gen: string | null;
  hardware: Record<string, number>;
  inlet_vent_dca_cleanout_time: Date | string | null;
  installation_id: number | null;
  site_id: number | null;
  site_name: string | null;
  installation_type: number | null;
  quarantined_at: Date | string | null;
  quarantine_notes: string | null;
  latitude: number | null;
  longitude: number | null;
  height: number | null;
  azimuth: number | null;
  started_at: Date | string | null;
  last_site_id: number | null;
  group_names: string[] | null;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

async function loadDevices(db: Queryable, organizationId: number, deviceId: number | null): Promise<DeviceRow[]> {
  return db.query<DeviceRow>(
    `SELECT d.id, d.name, d.third_party_id, d.third_party_serial_number, d.device_type, o.name AS organization_name, d.particle_online_status,
            d.particle_firmware_version, d.rmx_gen, d.hardware, d.inlet_vent_dca_cleanout_time,
            i.id AS installation_id, i.site_id, s.name AS site_name, i.installation_type, i.quarantined_at, i.quarantine_notes,
            coalesce(i.latitude, li.latitude) AS latitude, coalesce(i.longitude, li.longitude) AS longitude,
            coalesce(i.height, li.height) AS height, coalesce(i.azimuth, li.azimuth) AS azimuth, i.started_at,
            coalesce(i.site_id, li.site_id) AS last_site_id,
            (SELECT json_agg(g.name ORDER BY g.name) FROM site_site_groups sg JOIN site_groups g ON g.id = sg.site_group_id WHERE sg.site_id = i.site_id) AS group_names
       FROM devices d
       JOIN organizations o ON o.id = d.organization_id
       LEFT JOIN device_installations i ON i.device_id = d.id AND i.ended_at IS NULL
       LEFT JOIN sites s ON s.id = i.site_id
       LEFT JOIN LATERAL (SELECT * FROM device_installations x WHERE x.device_id = d.id ORDER BY x.started_at DESC LIMIT 1) li ON true
      WHERE d.organization_id = $1 AND ($2::int IS NULL OR d.id = $2)
      ORDER BY lower(d.name), d.id`,
    [organizationId, deviceId],
  );
}

/** The latest value and time per device and type, read from the last 4 bytes of each series' newest chunk. */
async function loadLatest(
  db: Queryable,
  organizationId: number,
  deviceId: number | null,
): Promise<Map<number, Map<number, { value: number; time: string }>>> {
  const rows = await db.query<{
    device_id: number;
    measurement_type: number;
    last_time: Date | string;
    last_value: string;
  }>(
    `SELECT DISTINCT ON (c.device_id, c.measurement_type) c.device_id, c.measurement_type, c.last_time,
            encode(substring(c.vals FROM c.sample_count * 4 - 3 FOR 4), 'base64') AS last_value
       FROM measurement_chunks c JOIN devices d ON d.id = c.device_id
      WHERE d.organization_id = $1 AND ($2::int IS NULL OR d.id = $2) AND c.sample_count > 0 AND c.measurement_type = ANY($3::int[])
      ORDER BY c.device_id, c.measurement_type, c.chunk_start DESC`,
    [organizationId, deviceId, [...LATEST_TYPES]],
  );
  const out = new Map<number, Map<number, { value: number; time: string }>>();
  for (const r of rows) {
    const bytes = Buffer.from(r.last_value, 'base64');
    if (bytes.length !== 4) continue;
    const value = bytes.readFloatLE(0);
    let byType = out.get(r.device_id);
    if (!byType) out.set(r.device_id, (byType = new Map()));
    byType.set(r.measurement_type, { value: Math.round(value * 1000) / 1000, time: iso(r.last_time)! });
  }
  return out;
}

/** Tickets lists show: the open ones, and those resolved in the last week (struck through). */
export const TICKET_LIST_SQL = `(t.resolved_at IS NULL OR t.resolved_at > now() - interval '7 days')`;

/** Ticket refs and primary symptom names per device. */
export async function loadTickets(
  db: Queryable,
  organizationId: number,
  deviceId: number | null,
): Promise<Map<number, { refs: { id: number; status: number }[]; symptoms: string[] }>> {
  const rows = await db.query<{ device_id: number; id: number; status: number; symptom: string | null }>(
    `SELECT t.device_id, t.id, t.status, p.name AS symptom FROM tickets t LEFT JOIN ticket_field_options p ON p.id = t.symptom_primary_id
      WHERE t.organization_id = $1 AND t.device_id IS NOT NULL AND ($2::int IS NULL OR t.device_id = $2) AND ${TICKET_LIST_SQL}
      ORDER BY t.device_id, t.created_at DESC`,
    [organizationId, deviceId],
  );
  const out = new Map<number, { refs: { id: number; status: number }[]; symptoms: string[] }>();
  for (const r of rows) {
    let entry = out.get(r.device_id);
    if (!entry) out.set(r.device_id, (entry = { refs: [], symptoms: [] }));
    entry.refs.push({ id: r.id, status: r.status });
    if (r.symptom && !entry.symptoms.includes(r.symptom)) entry.symptoms.push(r.symptom);
  }
  return out;
}

async function loadHardwareNames(db: Queryable): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; name: string }>('SELECT id, name FROM device_hardware_options');
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function loadDeviceHealthRows(
  db: Queryable,
  organizationId: number,
  deviceId: number | null = null,
): Promise<DeviceHealthRow[]> {
  const [devices, latest, hardwareNames, tickets] = [
    await loadDevices(db, organizationId, deviceId),
    await loadLatest(db, organizationId, deviceId),
    await loadHardwareNames(db),
    await loadTickets(db, organizationId, deviceId),
  ];
  return devices.map((d) => {
    const readings = latest.get(d.id) ?? new Map();
    const direction = readings.get(WIND_DIRECTION);
    const speed = readings.get(WIND_SPEED);
    const windTime =
      [direction?.time, speed?.time]
        .filter((t): t is string => Boolean(t))
        .sort()
        .at(-1) ?? null;
    const temperature = readings.get(TEMPERATURE);
    const hardware: Record<string, string> = {};
    for (const [item, id] of Object.entries(d.hardware ?? {})) {
      const name = hardwareNames.get(id);
      if (name) hardware[item] = name;
    }
    return {
      id: d.id,
      name: d.name,
      thirdPartyId: d.third_party_id,
      deviceType: d.device_type,
      organizationName: d.organization_name,
      siteGroupNames: d.group_names ?? [],
      currentSiteId: d.site_id,
      currentSiteName: d.site_name,
      currentDeviceInstallationId: d.installation_id,
      deviceInstallationType: d.installation_type,
      quarantinedAt: iso(d.quarantined_at),
      quarantineNotes: d.quarantine_notes,
      freshdeskTickets: tickets.get(d.id)?.refs ?? [],
      particleOnlineStatus: d.particle_online_status,
      firmware: d.particle_firmware_version,
      latestDeviceMeasurements: Object.fromEntries(
        [...readings.entries()]
          .filter(([t]) => t !== WIND_DIRECTION && t !== WIND_SPEED)
          .map(([t, v]) => [String(t), v]),
      ),
      latestDeviceWind: windTime
        ? { windDirection: direction?.value ?? null, windSpeed: speed?.value ?? null, time: windTime }
        : null,
      latestTemperatureBelowThreshold: temperature ? temperature.value < LOW_TEMPERATURE_C : null,
      latestAzimuth: d.azimuth,
      latestHeight: d.height,
      latestLocationLatLng: d.latitude === null || d.longitude === null ? null : `${d.latitude},${d.longitude}`,
      latestSiteId: d.last_site_id,
      latestCH4Time: readings.get(1)?.time ?? null,
      latestWindTime: windTime,
      rmxGen: d.rmx_gen,
      hardware,
      symptomPrimaryNames: tickets.get(d.id)?.symptoms ?? [],
      inletVentDcaCleanout: iso(d.inlet_vent_dca_cleanout_time),
    };
  });
}

export async function loadDeviceListRows(db: Queryable, organizationId: number): Promise<DeviceListRow[]> {
  const devices = await loadDevices(db, organizationId, null);
  const tickets = await loadTickets(db, organizationId, null);
  return devices.map((d) => ({
    id: d.id,
    name: d.name,
    deviceType: d.device_type,
    thirdPartyId: d.third_party_id,
    thirdPartySerialNumber: d.third_party_serial_number,
    organizationName: d.organization_name,
    currentSiteId: d.site_id,
    currentSiteName: d.site_name,
    siteGroupNames: d.group_names ?? [],
    deviceInstallationType: d.installation_type,
    quarantinedAt: iso(d.quarantined_at),
    particleOnlineStatus: d.particle_online_status,
    firmware: d.particle_firmware_version,
    installedAt: iso(d.started_at),
    freshdeskTickets: tickets.get(d.id)?.refs ?? [],
  }));
}
