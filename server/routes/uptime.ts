// Device Uptime (spec 2 §2 'Device Uptime page', §4, §7 /api/uptime/...): the overview by period and the per-device
// grid in blocks, over at most 90 days, for the organizations (and sites) asked for that the user may see uptime in.
import type { z } from 'zod';
import {
  UPTIME_GRID_FIELDS,
  uptimeOverviewEndpoint,
  uptimeStatusEndpoint,
  type uptimeScopeSchema,
  type UptimeRow,
} from '@/contracts/uptime';
import { matchesFilter, type ColumnKind } from '@/domain/grid-filter';
import { Permission } from '@/domain/permissions';
import { MAX_UPTIME_DAYS, summarize, UPTIME_RANGE_MESSAGE } from '@/domain/uptime';
import type { Queryable } from '../db/client';
import { defineRoute } from '../http/define-route';
import type { SignedInUser } from '../services/callers';
import { DomainError } from '../services/errors';
import { accessToOrganization } from '../services/signed-in-user';
import { computeUptime } from '../services/uptime';

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

export const uptimeRoutes = [
  defineRoute(uptimeOverviewEndpoint, {
    orgScope: false,
    summary: 'Uptime of the devices in the organizations (and sites) asked for, per 6-hour period and in total',
    example: { query: { fromTime: '2026-01-01T00:00:00Z', toTime: '2026-01-08T00:00:00Z', organizationIds: '1' } },
    cached: true,
    handler: async ({ query, user, database }) => {
      const { periods, rows } = await computeUptime(database, await checkedScope(database, user!, query));
      return {
        uptimeByPeriod: periods.map((p, i) => ({
          time: new Date(p).toISOString(),
          summary: summarize(rows.map((r) => r.values[i]!.upStatus)),
        })),
        summary: summarize(rows.flatMap((r) => r.values.map((v) => v.upStatus))),
      };
    },
  }),
  defineRoute(uptimeStatusEndpoint, {
    orgScope: false,
    summary: 'A block of per-device uptime rows (status per 6-hour period and summary), filtered and sorted',
    example: {
      query: {
        fromTime: '2026-01-01T00:00:00Z',
        toTime: '2026-01-08T00:00:00Z',
        organizationIds: '1',
        startRow: '0',
        endRow: '100',
      },
    },
    cached: true,
    handler: async ({ query, user, database }) => {
      const { rows } = await computeUptime(database, await checkedScope(database, user!, query));
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
    },
  }),
];
