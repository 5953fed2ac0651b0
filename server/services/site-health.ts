// Site Health (spec 1 §2): each site's model pipeline state, devices with their latest readings, open tickets.
import type { SiteHealthRow } from '@/contracts/site-health';
import type { Queryable } from '../db/client';
import { TICKET_LIST_SQL } from './device-rows';
import { WIND_SPEED_TYPE } from '@/domain/measurement-type';

interface Row extends Record<string, unknown> {
  id: number;
  name: string;
  alias: string | null;
  organization: string;
  sources: number;
  groups: string[] | null;
  devices:
    | {
        deviceName: string;
        quarantinedAt: string | null;
        deviceInstallationType: number;
        latestCH4Time: string | null;
        latestWindTime: string | null;
      }[]
    | null;
  modelling_pipeline_is_on: boolean;
  model_last_run_time: Date | string | null;
  model_processed_up_to: Date | string | null;
  is_blocked: boolean | null;
  block_reason: string | null;
  deleted_at: Date | string | null;
  tickets: { id: number; status: number }[] | null;
  symptoms: string[] | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function siteHealthRows(
  db: Queryable,
  organizationId: number,
  includeDeleted: boolean,
): Promise<SiteHealthRow[]> {
  const rows = await db.query<Row>(
    `SELECT s.id, s.name, s.alias, o.name AS organization,
            (SELECT count(*)::int FROM sources src WHERE src.site_id = s.id AND src.deleted_at IS NULL) AS sources,
            (SELECT json_agg(g.name ORDER BY g.name) FROM site_site_groups sg JOIN site_groups g ON g.id = sg.site_group_id WHERE sg.site_id = s.id) AS groups,
            (SELECT json_agg(json_build_object('deviceName', d.name, 'quarantinedAt', i.quarantined_at, 'deviceInstallationType', i.installation_type,
                    'latestCH4Time', (SELECT max(c.last_time) FROM measurement_chunks c WHERE c.device_id = d.id AND c.measurement_type = 1),
                    'latestWindTime', (SELECT max(c.last_time) FROM measurement_chunks c WHERE c.device_id = d.id AND c.measurement_type = ${WIND_SPEED_TYPE})) ORDER BY d.name)
               FROM device_installations i JOIN devices d ON d.id = i.device_id WHERE i.site_id = s.id AND i.ended_at IS NULL) AS devices,
            (SELECT json_agg(json_build_object('id', t.id, 'status', t.status) ORDER BY t.created_at DESC) FROM tickets t WHERE t.site_id = s.id AND ${TICKET_LIST_SQL}) AS tickets,
            (SELECT json_agg(DISTINCT p.name) FROM tickets t JOIN ticket_field_options p ON p.id = t.symptom_primary_id WHERE t.site_id = s.id AND ${TICKET_LIST_SQL}) AS symptoms,
            s.modelling_pipeline_is_on, s.model_last_run_time, s.model_processed_up_to, m.is_blocked, m.block_reason, s.deleted_at
       FROM sites s JOIN organizations o ON o.id = s.organization_id LEFT JOIN site_model_states m ON m.site_id = s.id
      WHERE s.organization_id = $1 AND ($2::boolean OR s.deleted_at IS NULL)
      ORDER BY lower(s.name), s.id`,
    [organizationId, includeDeleted],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    alias: r.alias,
    siteGroups: r.groups ?? [],
    organization: r.organization,
    emissionSourceCount: r.sources,
    devices: (r.devices ?? []).map((d) => ({
      ...d,
      quarantinedAt: iso(d.quarantinedAt),
      latestCH4Time: iso(d.latestCH4Time),
      latestWindTime: iso(d.latestWindTime),
    })),
    freshdeskTickets: r.tickets ?? [],
    symptomPrimaryNames: r.symptoms ?? [],
    modellingPipeline: {
      isOn: r.modelling_pipeline_is_on,
      lastRunTime: iso(r.model_last_run_time),
      processedUpTo: iso(r.model_processed_up_to),
      isBlocked: r.modelling_pipeline_is_on && r.is_blocked === true,
      blockReason: r.modelling_pipeline_is_on && r.is_blocked === true ? r.block_reason : null,
    },
    deletedAt: iso(r.deleted_at),
  }));
}
