// The device a dashboard opens by name (spec 2 §2 'Device Dashboard'): what it is, where it stands, and which
// measurement types it has data for.
import { z } from 'zod';
import { deviceSummarySchema } from '@/contracts/device';
import { Permission } from '@/domain/permissions';
import { defineRoute, HttpError } from '../http/define-route';

export const deviceRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/device/deviceSummary/',
    access: [Permission.DeviceAdministration],
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "One device of the organization by name, with its installations and the measurement types it has data for",
    query: z.object({ organizationId: z.coerce.number().int().positive(), deviceName: z.string().min(1).max(100) }),
    response: deviceSummarySchema,
    handler: async ({ query, organizationId, database }) => {
      const [d] = await database.query<{ id: number; name: string; device_type: 'Qube' | 'QubeLite' | 'QubeCamera'; particle_online_status: boolean | null; third_party_serial_number: string | null; organization_id: number }>(
        'SELECT id, name, device_type, particle_online_status, third_party_serial_number, organization_id FROM devices WHERE lower(name) = lower($1) AND organization_id = $2',
        [query.deviceName, organizationId],
      );
      if (!d) throw new HttpError(404, 'Device not found');
      const installations = await database.query<{ id: number; site_id: number; site_name: string; installation_type: number; latitude: number; longitude: number; started_at: Date | string; ended_at: Date | string | null }>(
        `SELECT i.id, i.site_id, s.name AS site_name, i.installation_type, i.latitude, i.longitude, i.started_at, i.ended_at
           FROM device_installations i JOIN sites s ON s.id = i.site_id WHERE i.device_id = $1 ORDER BY i.started_at DESC`,
        [d.id],
      );
      const types = await database.query<{ measurement_type: number; first_time: Date | string; last_time: Date | string }>(
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
        installations: installations.map((i) => ({ id: i.id, siteId: i.site_id, siteName: i.site_name, deviceInstallationType: i.installation_type, location: { lat: i.latitude, lng: i.longitude }, startTime: iso(i.started_at), endTime: i.ended_at ? iso(i.ended_at) : null })),
        measurementTypes: types.map((t) => ({ id: t.measurement_type, firstTime: iso(t.first_time), lastTime: iso(t.last_time) })),
      };
    },
  }),
];
