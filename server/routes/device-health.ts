// Device Health grid and Devices page rows (spec 2 §2, §3 'Device health row', §7 deviceHealth/, deviceList/).
import { deviceHealthEndpoint, deviceHealthSiteListEndpoint, deviceListEndpoint } from '@/contracts/device';
import { defineRoute } from '../http/define-route';
import { loadDeviceHealthRows, loadDeviceListRows } from '../services/device-rows';

export const deviceHealthRoutes = [
  defineRoute(deviceHealthEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      'Every device of the organization (or one, by deviceId) with its installation, device-cloud state and latest readings',
    cached: true,
    handler: ({ query, organizationId, database }) =>
      loadDeviceHealthRows(database, organizationId!, query.deviceId ?? null),
  }),
  defineRoute(deviceListEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'Every device of the organization for the Devices page',
    cached: true,
    handler: ({ organizationId, database }) => loadDeviceListRows(database, organizationId!),
  }),
  defineRoute(deviceHealthSiteListEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "The organization's live sites for the map, each with its installed devices' online, quarantine and ticket state",
    cached: true,
    handler: async ({ organizationId, database }) => {
      const rows = await database.query<{
        id: number;
        name: string;
        organization_id: number;
        organization: string;
        provider_own: boolean;
        latitude: number;
        longitude: number;
        on: boolean;
        devices:
          | { particleOnlineStatus: boolean | null; deviceInstallationType: number; hasFreshDeskTicket: boolean }[]
          | null;
      }>(
        `SELECT s.id, s.name, s.organization_id, o.name AS organization, o.provider_own, s.latitude, s.longitude, s.modelling_pipeline_is_on AS on,
                (SELECT json_agg(json_build_object('particleOnlineStatus', d.particle_online_status, 'deviceInstallationType', i.installation_type,
                        'hasFreshDeskTicket', EXISTS (SELECT 1 FROM tickets t WHERE t.device_id = d.id AND t.resolved_at IS NULL)) ORDER BY d.name)
                   FROM device_installations i JOIN devices d ON d.id = i.device_id WHERE i.site_id = s.id AND i.ended_at IS NULL) AS devices
           FROM sites s JOIN organizations o ON o.id = s.organization_id
          WHERE s.organization_id = $1 AND s.deleted_at IS NULL ORDER BY s.id`,
        [organizationId],
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        organizationId: r.organization_id,
        organization: r.organization,
        providerOwn: r.provider_own,
        location: { lat: r.latitude, lng: r.longitude },
        devices: r.devices ?? [],
        modellingPipelineOn: r.on,
      }));
    },
  }),
];
