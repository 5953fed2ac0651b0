// Device uptime over a range (spec 2 §4): each gas-measuring device installed in the range, its 6-hour periods judged
// by the domain rule from its installations and the CH4 period masks of its day chunks.
import type { UptimeRow } from '@/contracts/uptime';
import {
  DEVICE_PERIOD_MS,
  periodsOf,
  summarize,
  upStatus,
  type InstallationSpan,
  type UpStatus,
} from '@/domain/uptime';
import type { Queryable } from '../db/client';
import { CHUNK_MS } from './measurement-chunks';
import { loadTickets } from './device-rows';

const CH4 = 1;

export interface UptimeScope {
  organizationIds: readonly number[];
  siteIds: readonly number[];
  from: number;
  to: number;
  now: number;
}

export interface UptimeResult {
  periods: number[];
  rows: UptimeRow[];
}

interface InstallRow extends Record<string, unknown> {
  device_id: number;
  device_name: string;
  organization_id: number;
  organization_name: string;
  site_id: number;
  site_name: string;
  started_at: Date | string;
  ended_at: Date | string | null;
  installation_type: number;
  quarantined_at: Date | string | null;
}

const ms = (v: Date | string) => new Date(v).getTime();

export async function computeUptime(db: Queryable, scope: UptimeScope): Promise<UptimeResult> {
  const periods = periodsOf(scope.from, scope.to, scope.now);
  if (periods.length === 0 || scope.organizationIds.length === 0) return { periods, rows: [] };
  const first = periods[0]!;
  const last = periods[periods.length - 1]! + DEVICE_PERIOD_MS;
  const installs = await db.query<InstallRow>(
    `SELECT i.device_id, d.name AS device_name, d.organization_id, o.name AS organization_name, i.site_id, s.name AS site_name, i.started_at, i.ended_at,
            i.installation_type, i.quarantined_at
       FROM device_installations i JOIN devices d ON d.id = i.device_id JOIN sites s ON s.id = i.site_id JOIN organizations o ON o.id = d.organization_id
      WHERE d.organization_id = ANY($1::int[]) AND d.device_type <> 'QubeCamera' AND i.started_at < $3 AND (i.ended_at IS NULL OR i.ended_at > $2)
        AND (cardinality($4::int[]) = 0 OR i.site_id = ANY($4::int[]))
      ORDER BY i.device_id, i.started_at`,
    [[...scope.organizationIds], new Date(first), new Date(last), [...scope.siteIds]],
  );
  const byDevice = new Map<number, InstallRow[]>();
  for (const r of installs) byDevice.set(r.device_id, [...(byDevice.get(r.device_id) ?? []), r]);
  const deviceIds = [...byDevice.keys()];
  const masks = deviceIds.length
    ? await db.query<{ device_id: number; chunk_start: Date | string; period_mask: number }>(
        `SELECT device_id, chunk_start, period_mask FROM measurement_chunks
          WHERE measurement_type = $1 AND device_id = ANY($2::int[]) AND chunk_start >= $3 AND chunk_start < $4 AND period_mask <> 0`,
        [CH4, deviceIds, new Date(Math.floor(first / CHUNK_MS) * CHUNK_MS), new Date(last)],
      )
    : [];
  const withCH4 = new Set<string>();
  for (const m of masks) {
    const day = ms(m.chunk_start);
    for (let k = 0; k < 4; k++)
      if (m.period_mask & (1 << k)) withCH4.add(`${m.device_id}:${day + k * DEVICE_PERIOD_MS}`);
  }
  const tickets = new Map<number, { id: number; status: number }[]>();
  for (const org of scope.organizationIds)
    for (const [device, t] of await loadTickets(db, org, null)) tickets.set(device, t.refs);

  const rows: UptimeRow[] = [];
  for (const [deviceId, list] of byDevice) {
    const spans: InstallationSpan[] = list.map((i) => ({
      start: ms(i.started_at),
      end: i.ended_at === null ? null : ms(i.ended_at),
      type: i.installation_type,
      quarantinedAt: i.quarantined_at === null ? null : ms(i.quarantined_at),
    }));
    const statuses: UpStatus[] = periods.map((p) => upStatus(p, spans, withCH4.has(`${deviceId}:${p}`)));
    const latest = list[list.length - 1]!;
    rows.push({
      deviceId,
      deviceName: latest.device_name,
      organizationName: latest.organization_name,
      siteId: latest.site_id,
      siteName: latest.site_name,
      freshdeskTickets: tickets.get(deviceId) ?? [],
      values: periods.map((p, i) => ({ time: new Date(p).toISOString(), upStatus: statuses[i]! })),
      summary: summarize(statuses),
    });
  }
  return { periods, rows };
}
