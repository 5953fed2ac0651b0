// The Mobile Install Wizard's calls (spec 2 §7 deviceOptionsForInstall/, getDeviceInstallAvailability/,
// siteLocationsForInstall, deviceDiagnostics/): the devices and sites to choose from, whether a scanned device may be
// installed, and the live readings of a new installation.
import { z } from 'zod';
import { queryIdSchema } from '@/contracts/bounds';
import { diagnosticsSchema, installDeviceOptionSchema, installSiteSchema } from '@/contracts/device';
import { DIAGNOSTIC_TYPES, unavailableDevice } from '@/domain/install-wizard';
import { Permission } from '@/domain/permissions';
import { defineLegacyRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { readSamples } from '../services/measurement-store';

const org = z.object({ organizationId: queryIdSchema });
const access = [Permission.DeviceInstallationStartStop, Permission.DeviceAdministration];
/** Diagnostics never reach back further than this from now. */
const DIAGNOSTICS_WINDOW_MS = 3_600_000;
const repeated = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string().regex(/^\d{1,3}:\d{4}-\d{2}-\d{2}T[\d:.]+Z$/)).max(10),
);

export const installWizardRoutes = [
  defineLegacyRoute({
    method: 'GET',
    url: '/api/device/deviceOptionsForInstall/',
    access,
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "The organization's devices the wizard may install, with where each stands now",
    query: org,
    response: z.array(installDeviceOptionSchema),
    handler: async ({ organizationId, database }) =>
      (
        await database.query<{
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
      ).map((d) => ({ id: d.id, name: d.name, deviceType: d.device_type, currentSiteName: d.site })),
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/device/getDeviceInstallAvailability/',
    access,
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'Whether a device (by name, as scanned) may be installed by this organization',
    query: org.extend({ deviceName: z.string().min(1).max(100) }),
    response: z.object({
      available: z.boolean(),
      deviceId: z.number().int().nullable(),
      message: z.string().nullable(),
    }),
    handler: async ({ query, organizationId, database }) => {
      const [d] = await database.query<{ id: number }>(
        'SELECT id FROM devices WHERE lower(name) = lower($1) AND organization_id = $2',
        [query.deviceName, organizationId],
      );
      return d
        ? { available: true, deviceId: d.id, message: null }
        : { available: false, deviceId: null, message: unavailableDevice(query.deviceName) };
    },
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/site/siteLocationsForInstall/',
    access,
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "The organization's live sites with their centres, for choosing where to install",
    query: org,
    response: z.array(installSiteSchema),
    handler: async ({ organizationId, database }) =>
      (
        await database.query<{ id: number; name: string; latitude: number; longitude: number }>(
          'SELECT id, name, latitude, longitude FROM sites WHERE organization_id = $1 AND deleted_at IS NULL ORDER BY lower(name)',
          [organizationId],
        )
      ).map((s) => ({
        id: s.id,
        name: s.name,
        location: { lat: s.latitude, lng: s.longitude },
      })),
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/device/deviceDiagnostics/',
    access,
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "An installation's readings since the times given per type (type:ISO, repeated) and wind since windDataFromTime",
    query: org.extend({
      deviceInstallationId: queryIdSchema,
      deviceMeasurementFromTimes: repeated,
      windDataFromTime: z.iso.datetime().optional(),
    }),
    example: { query: { deviceInstallationId: '1' } },
    response: diagnosticsSchema,
    handler: async ({ query, organizationId, database }) => {
      const [inst] = await database.query<{ device_id: number; started_at: Date | string }>(
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
        const s = await readSamples(
          database,
          inst.device_id,
          type,
          Math.max(floor, (fromOf.get(type) ?? 0) + 1),
          now + 1,
        );
        deviceMeasurements[String(type)] = Array.from(s.times, (t, i) => [t, Math.round(s.values[i]! * 1000) / 1000]);
      }
      const windFrom = Math.max(floor, query.windDataFromTime ? Date.parse(query.windDataFromTime) + 1 : 0);
      const speed = await readSamples(database, inst.device_id, 16, windFrom, now + 1);
      const direction = await readSamples(database, inst.device_id, 15, windFrom, now + 1);
      const dirAt = new Map(Array.from(direction.times, (t, i) => [t, direction.values[i]!]));
      const windData = Array.from(speed.times, (t, i) => ({
        time: t,
        windSpeed: Math.round(speed.values[i]! * 100) / 100,
        windDirection: dirAt.get(t) ?? null,
      }));
      return { deviceMeasurements, windData };
    },
  }),
];
