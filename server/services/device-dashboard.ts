// The device a dashboard opens by name (spec 2 §2 'Device Dashboard'): what it is, where it stands, which measurement
// types it has data for, its device-cloud status and build, and the GPS fixes it reported (spec 2 §3 'Location stat').
import type { z } from 'zod';
import type { deviceDetailEndpoint, deviceLocationStatsEndpoint, deviceSummaryEndpoint } from '@/contracts/device';
import { LOCATION_STATS_LIMIT, type LocationStat } from '@/contracts/device';
import type { Database, Queryable } from '../db/client';
import { DomainError } from './errors';

/** The device's newest GPS fixes first (at most LOCATION_STATS_LIMIT). */
async function locationStats(db: Queryable, deviceId: number): Promise<LocationStat[]> {
  const rows = await db.query<{
    time: Date | string;
    latitude: number;
    longitude: number;
    number_of_satellites: number;
    device_installation_id: number;
    distance_from_installation_m: number;
  }>(
    `SELECT time, latitude, longitude, number_of_satellites, device_installation_id, distance_from_installation_m
       FROM device_location_stats WHERE device_id = $1 ORDER BY time DESC, id DESC LIMIT $2`,
    [deviceId, LOCATION_STATS_LIMIT],
  );
  return rows.map((r) => ({
    time: new Date(r.time).toISOString(),
    location: { lat: r.latitude, lng: r.longitude },
    numberOfSatellites: r.number_of_satellites,
    deviceInstallationId: r.device_installation_id,
    distanceFromDeviceInstallationInMeters: r.distance_from_installation_m,
  }));
}

export async function deviceSummary(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof deviceSummaryEndpoint)['query']>>,
) {
  const [d] = await database.query<{
    id: number;
    name: string;
    device_type: 'Qube' | 'QubeLite' | 'QubeCamera';
    particle_online_status: boolean | null;
    third_party_serial_number: string | null;
    organization_id: number;
  }>(
    'SELECT id, name, device_type, particle_online_status, third_party_serial_number, organization_id FROM devices WHERE lower(name) = lower($1) AND organization_id = $2',
    [query.deviceName, organizationId],
  );
  if (!d) throw new DomainError('NotFound', 'Device not found');
  const installations = await database.query<{
    id: number;
    site_id: number;
    site_name: string;
    installation_type: number;
    latitude: number;
    longitude: number;
    started_at: Date | string;
    ended_at: Date | string | null;
  }>(
    `SELECT i.id, i.site_id, s.name AS site_name, i.installation_type, i.latitude, i.longitude, i.started_at, i.ended_at
           FROM device_installations i JOIN sites s ON s.id = i.site_id WHERE i.device_id = $1 ORDER BY i.started_at DESC`,
    [d.id],
  );
  const types = await database.query<{
    measurement_type: number;
    first_time: Date | string;
    last_time: Date | string;
  }>(
    'SELECT measurement_type, min(first_time) AS first_time, max(last_time) AS last_time FROM measurement_chunks WHERE device_id = $1 AND sample_count > 0 GROUP BY measurement_type ORDER BY measurement_type',
    [d.id],
  );
  const iso = (v: Date | string) => new Date(v).toISOString();
  return {
    id: d.id,
    name: d.name,
    deviceType: d.device_type,
    online: d.particle_online_status,
    thirdPartySerialNumber: d.third_party_serial_number,
    organizationId: d.organization_id,
    installations: installations.map((i) => ({
      id: i.id,
      siteId: i.site_id,
      siteName: i.site_name,
      deviceInstallationType: i.installation_type,
      location: { lat: i.latitude, lng: i.longitude },
      startTime: iso(i.started_at),
      endTime: i.ended_at ? iso(i.ended_at) : null,
    })),
    measurementTypes: types.map((t) => ({
      id: t.measurement_type,
      firstTime: iso(t.first_time),
      lastTime: iso(t.last_time),
    })),
  };
}

export async function deviceLocationStats(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof deviceLocationStatsEndpoint)['query']>>,
) {
  const [d] = await database.query<{ id: number }>('SELECT id FROM devices WHERE id = $1 AND organization_id = $2', [
    query.deviceId,
    organizationId,
  ]);
  // Another organization's device is as unknown as a missing one.
  if (!d) throw new DomainError('NotFound', 'Device not found');
  return locationStats(database, d.id);
}

export async function deviceDetail(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof deviceDetailEndpoint)['query']>>,
) {
  const [d] = await database.query<{
    id: number;
    name: string;
    device_type: 'Qube' | 'QubeLite' | 'QubeCamera';
    organization_name: string;
    site_id: number | null;
    site_name: string | null;
    particle_online_status: boolean | null;
    particle_firmware_version: string | null;
    particle_targeted_firmware_version: string | null;
    particle_last_heard_at: Date | string | null;
    particle_last_handshake_at: Date | string | null;
    particle_notes: string | null;
    pcb_qr_code: string | null;
    third_party_id: string | null;
    third_party_serial_number: string | null;
    hardware_content: string | null;
    sensor_configuration_version_id: number | null;
    hardware: Record<string, string> | null;
    serial_numbers: Record<string, string>;
    inlet_vent_dca_cleanout_time: Date | string | null;
    production_notes: string | null;
  }>(
    `SELECT d.id, d.name, d.device_type, o.name AS organization_name, i.site_id, s.name AS site_name, d.particle_online_status, d.particle_firmware_version,
                d.particle_targeted_firmware_version, d.particle_last_heard_at, d.particle_last_handshake_at, d.particle_notes, d.pcb_qr_code, d.third_party_id,
                d.third_party_serial_number, d.hardware_content, d.sensor_configuration_version_id,
                (SELECT jsonb_object_agg(h.key, o2.name) FROM jsonb_each_text(d.hardware) h JOIN device_hardware_options o2 ON o2.id = h.value::int) AS hardware,
                d.serial_numbers, d.inlet_vent_dca_cleanout_time, d.production_notes
           FROM devices d JOIN organizations o ON o.id = d.organization_id
           LEFT JOIN device_installations i ON i.device_id = d.id AND i.ended_at IS NULL LEFT JOIN sites s ON s.id = i.site_id
          WHERE lower(d.name) = lower($1) AND d.organization_id = $2`,
    [query.deviceName, organizationId],
  );
  if (!d) throw new DomainError('NotFound', 'Device not found');
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return {
    id: d.id,
    name: d.name,
    deviceType: d.device_type,
    organizationName: d.organization_name,
    currentSiteId: d.site_id,
    currentSiteName: d.site_name,
    locationStats: await locationStats(database, d.id),
    particleOnlineStatus: d.particle_online_status,
    particleFirmwareVersion: d.particle_firmware_version,
    particleTargetedFirmwareVersion: d.particle_targeted_firmware_version,
    particleLastHeardAt: iso(d.particle_last_heard_at),
    particleLastHandshakeAt: iso(d.particle_last_handshake_at),
    particleNotes: d.particle_notes,
    pcbQrCode: d.pcb_qr_code,
    thirdPartyId: d.third_party_id,
    thirdPartySerialNumber: d.third_party_serial_number,
    hardwareContent: d.hardware_content,
    sensorConfigurationVersionId: d.sensor_configuration_version_id,
    hardware: d.hardware ?? {},
    serialNumbers: d.serial_numbers ?? {},
    inletVentDcaCleanoutTime: iso(d.inlet_vent_dca_cleanout_time),
    productionNotes: d.production_notes,
  };
}
