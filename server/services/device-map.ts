// Device Health's map (spec 2 §2): the organization's live sites, each with its installed devices' online, quarantine
// and ticket state.
import type { Database } from '../db/client';
export async function deviceHealthSites(database: Database, organizationId: number) {
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
      { particleOnlineStatus: boolean | null; deviceInstallationType: number; hasFreshDeskTicket: boolean }[] | null;
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
}
