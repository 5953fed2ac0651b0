// The Mobile Install Wizard's reads (spec 2 §7 deviceOptionsForInstall/, getDeviceInstallAvailability/,
// siteLocationsForInstall, deviceDiagnostics/): the devices and sites to choose from, whether a scanned device may be
// installed, and the live readings of a new installation.
import type { z } from 'zod';
import type { deviceDiagnosticsEndpoint } from '@/contracts/device';
import { DIAGNOSTIC_TYPES, unavailableDevice } from '@/domain/install-wizard';
import type { Queryable } from '../db/client';
import { DomainError } from './errors';
import { readSamples } from './measurement-store';

/** Diagnostics never reach back further than this from now. */
const DIAGNOSTICS_WINDOW_MS = 3_600_000;

export async function installDeviceOptions(db: Queryable, organizationId: number) {
  return (
    await db.query<{
      id: number;
      name: string;
      device_type: 'Qube' | 'QubeLite' | 'QubeCamera';
      site: string | null;
    }>(
      `SELECT d.id, d.name, d.device_type, s.name AS site FROM devices d
           LEFT JOIN device_installations i ON i.device_id = d.id AND i.ended_at IS NULL LEFT JOIN sites s ON s.id = i.site_id
          WHERE d.organization_id = $1 ORDER BY lower(d.name)`,
      [organizationId],
    )
  ).map((d) => ({ id: d.id, name: d.name, deviceType: d.device_type, currentSiteName: d.site }));
}

export async function installAvailability(db: Queryable, organizationId: number, deviceName: string) {
  const [d] = await db.query<{ id: number }>(
    'SELECT id FROM devices WHERE lower(name) = lower($1) AND organization_id = $2',
    [deviceName, organizationId],
  );
  return d
    ? { available: true, deviceId: d.id, message: null }
    : { available: false, deviceId: null, message: unavailableDevice(deviceName) };
}

export async function installSiteLocations(db: Queryable, organizationId: number) {
  return (
    await db.query<{ id: number; name: string; latitude: number; longitude: number }>(
      'SELECT id, name, latitude, longitude FROM sites WHERE organization_id = $1 AND deleted_at IS NULL ORDER BY lower(name)',
      [organizationId],
    )
  ).map((s) => ({
    id: s.id,
    name: s.name,
    location: { lat: s.latitude, lng: s.longitude },
  }));
}

export async function deviceDiagnostics(
  db: Queryable,
  organizationId: number,
  query: z.infer<NonNullable<(typeof deviceDiagnosticsEndpoint)['query']>>,
) {
  const [inst] = await db.query<{ device_id: number; started_at: Date | string }>(
    'SELECT i.device_id, i.started_at FROM device_installations i JOIN devices d ON d.id = i.device_id WHERE i.id = $1 AND d.organization_id = $2',
    [query.deviceInstallationId, organizationId],
  );
  if (!inst) throw new DomainError('NotFound', 'Installation not found');
  const now = Date.now();
  const floor = Math.max(new Date(inst.started_at).getTime() - DIAGNOSTICS_WINDOW_MS, now - DIAGNOSTICS_WINDOW_MS);
  const fromOf = new Map(
    query.deviceMeasurementFromTimes.map((e) => [Number(e.split(':')[0]), Date.parse(e.slice(e.indexOf(':') + 1))]),
  );
  const deviceMeasurements: Record<string, [number, number][]> = {};
  for (const type of DIAGNOSTIC_TYPES) {
    const s = await readSamples(db, inst.device_id, type, Math.max(floor, (fromOf.get(type) ?? 0) + 1), now + 1);
    deviceMeasurements[String(type)] = Array.from(s.times, (t, i) => [t, Math.round(s.values[i]! * 1000) / 1000]);
  }
  const windFrom = Math.max(floor, query.windDataFromTime ? Date.parse(query.windDataFromTime) + 1 : 0);
  const speed = await readSamples(db, inst.device_id, 16, windFrom, now + 1);
  const direction = await readSamples(db, inst.device_id, 15, windFrom, now + 1);
  const dirAt = new Map(Array.from(direction.times, (t, i) => [t, direction.values[i]!]));
  const windData = Array.from(speed.times, (t, i) => ({
    time: t,
    windSpeed: Math.round(speed.values[i]! * 100) / 100,
    windDirection: dirAt.get(t) ?? null,
  }));
  return { deviceMeasurements, windData };
}
