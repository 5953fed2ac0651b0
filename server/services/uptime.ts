// Device uptime over a range (spec 2 §4): each gas-measuring device installed in the range, its 6-hour periods judged
// by the domain rule from its installations and the CH4 period masks of its day chunks.
import type { z } from 'zod';
import {
  UPTIME_GRID_FIELDS,
  type uptimeOverviewEndpoint,
  type uptimeScopeSchema,
  type uptimeStatusEndpoint,
  type UptimeRow,
} from '@/contracts/uptime';
import { matchesFilter, type ColumnKind } from '@/domain/grid-filter';
import { Permission } from '@/domain/permissions';
import {
  DEVICE_PERIOD_MS,
  periodsOf,
  summarize,
  upStatus,
  type InstallationSpan,
  type UpStatus,
  MAX_UPTIME_DAYS,
  UPTIME_RANGE_MESSAGE,
} from '@/domain/uptime';
import type { Queryable } from '../db/client';
import { CHUNK_MS } from './measurement-chunk';
import { loadTickets } from './device-rows';
import type { SignedInUser } from './callers';
import { DomainError } from './errors';
import { accessToOrganization } from './signed-in-user';

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

const FIELD: Record<
  (typeof UPTIME_GRID_FIELDS)[number],
  { kind: ColumnKind; value: (r: UptimeRow) => string | number | null }
> = {
  deviceName: { kind: 'text', value: (r) => r.deviceName },
  organizationName: { kind: 'text', value: (r) => r.organizationName },
  siteName: { kind: 'text', value: (r) => r.siteName },
  freshdeskTickets: { kind: 'text', value: (r) => r.freshdeskTickets.map((t) => t.id).join(' ') },
  uptimePercentage: { kind: 'number', value: (r) => r.summary.uptimePercentage },
};

/** The range and organizations checked: at most 90 days, and DeviceUptimeView in every organization asked for. */
async function checkedScope(db: Queryable, user: SignedInUser, q: z.infer<typeof uptimeScopeSchema>) {
  const from = Date.parse(q.fromTime);
  const to = Date.parse(q.toTime);
  if (!(to > from))
    throw new DomainError('Invalid', 'The request is not valid.', { toTime: ['The end must be after the start'] });
  if (to - from > MAX_UPTIME_DAYS * 86_400_000 + 60_000)
    throw new DomainError('Invalid', UPTIME_RANGE_MESSAGE, { toTime: [UPTIME_RANGE_MESSAGE] });
  if (q.organizationIds.length === 0)
    throw new DomainError('Invalid', 'The request is not valid.', {
      organizationIds: ['At least one organization is required'],
    });
  for (const org of new Set(q.organizationIds)) {
    const access = await accessToOrganization(db, user, org);
    if (!access.ok || !access.permissions.has(Permission.DeviceUptimeView))
      throw new DomainError('Forbidden', 'You do not have permission to do that');
  }
  return { organizationIds: [...new Set(q.organizationIds)], siteIds: q.siteIds, from, to, now: Date.now() };
}

type Parsed<E extends { query?: z.ZodType; response?: z.ZodType }, K extends 'query' | 'response'> = z.infer<
  NonNullable<E[K]>
>;

/** The overview: every device's status per 6-hour period summarized, and over the whole range. */
export async function uptimeOverview(
  db: Queryable,
  user: SignedInUser,
  query: Parsed<typeof uptimeOverviewEndpoint, 'query'>,
): Promise<Parsed<typeof uptimeOverviewEndpoint, 'response'>> {
  const { periods, rows } = await computeUptime(db, await checkedScope(db, user, query));
  return {
    uptimeByPeriod: periods.map((p, i) => ({
      time: new Date(p).toISOString(),
      summary: summarize(rows.map((r) => r.values[i]!.upStatus)),
    })),
    summary: summarize(rows.flatMap((r) => r.values.map((v) => v.upStatus))),
  };
}

/** A block of per-device rows, filtered and sorted like the grid (deviceName breaks ties). */
export async function uptimeStatusBlock(
  db: Queryable,
  user: SignedInUser,
  query: Parsed<typeof uptimeStatusEndpoint, 'query'>,
): Promise<Parsed<typeof uptimeStatusEndpoint, 'response'>> {
  const { rows } = await computeUptime(db, await checkedScope(db, user, query));
  const q = query as unknown as Record<string, { type: never; value?: string; valueTo?: string } | undefined>;
  let kept = rows.filter((r) =>
    UPTIME_GRID_FIELDS.every((f) => !q[f] || matchesFilter(FIELD[f].value(r), q[f]!, FIELD[f].kind)),
  );
  const sortField = query.sortColumn ? FIELD[query.sortColumn] : FIELD.deviceName;
  const dir = query.sortAscending === 'false' ? -1 : 1;
  kept = kept.sort((a, b) => {
    const x = sortField.value(a);
    const y = sortField.value(b);
    if (x === y) return a.deviceName.localeCompare(b.deviceName);
    if (x === null) return 1;
    if (y === null) return -1;
    return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * dir;
  });
  const page = kept.slice(query.startRow, query.endRow);
  return { rows: page, totalRows: kept.length, lastRow: query.endRow >= kept.length ? kept.length : -1 };
}
