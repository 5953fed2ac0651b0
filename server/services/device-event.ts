// Device events (spec 2 §7 deviceEvents/): a block of the organization's events in a time range, filtered and sorted.
import type { z } from 'zod';
import type { deviceEventsEndpoint } from '@/contracts/device';
import { DEVICE_EVENT_FIELDS, type DeviceEventField } from '@/domain/device-event-grid';
import { DEVELOPER_CODE_MIN } from '@/domain/device-event';
import type { Database } from '../db/client';
import { DomainError } from './errors';
import { filterConditions, orderBy, type GridField } from './grid-sql';

const FIELDS: Record<DeviceEventField, GridField> = {
  time: { sql: 'e.time', kind: 'date' },
  deviceName: { sql: 'd.name', kind: 'text' },
  thirdPartyId: { sql: 'd.third_party_id', kind: 'text' },
  eventCode: { sql: 'e.event_code', kind: 'number' },
  message: { sql: 'e.message', kind: 'text' },
  parameters: { sql: 'e.parameters', kind: 'text' },
  firmwareVersion: { sql: 'e.firmware_version', kind: 'text' },
  organizationName: { sql: 'o.name', kind: 'text' },
  siteName: { sql: 's.name', kind: 'text' },
};

/** The longest range one request may cover. */
const MAX_RANGE_DAYS = 366;

interface Row extends Record<string, unknown> {
  id: string | number;
  time: Date | string;
  device_name: string;
  third_party_id: string | null;
  event_code: number;
  message: string;
  parameters: string | null;
  firmware_version: string | null;
  organization_name: string;
  site_name: string | null;
  site_id: number | null;
}

export async function deviceEventsBlock(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof deviceEventsEndpoint)['query']>>,
) {
  const start = Date.parse(query.startTime);
  const end = Date.parse(query.endTime);
  if (!(end > start))
    throw new DomainError('Invalid', 'The request is not valid.', { endTime: ['The end must be after the start'] });
  if (end - start > MAX_RANGE_DAYS * 86_400_000)
    throw new DomainError('Invalid', 'The request is not valid.', {
      endTime: [`Maximum time range is ${MAX_RANGE_DAYS} day(s), please select a shorter time range`],
    });
  const params: unknown[] = [organizationId, new Date(start), new Date(end)];
  const where = ['d.organization_id = $1', 'e.time >= $2', 'e.time < $3'];
  if (query.deviceId) where.push(`e.device_id = $${params.push(query.deviceId)}`);
  if (query.quickFilters.includes('DeveloperCodes')) where.push(`e.event_code >= $${params.push(DEVELOPER_CODE_MIN)}`);
  const filters = Object.fromEntries(
    DEVICE_EVENT_FIELDS.map((f) => [f, (query as Record<string, unknown>)[f] as never]),
  );
  where.push(...filterConditions(FIELDS, filters, params));
  const from = `FROM device_events e JOIN devices d ON d.id = e.device_id JOIN organizations o ON o.id = d.organization_id LEFT JOIN sites s ON s.id = e.site_id WHERE ${where.join(' AND ')}`;
  const [count] = await database.query<{ n: string | number }>(`SELECT count(*) AS n ${from}`, params);
  const total = Number(count?.n ?? 0);
  const rows = await database.query<Row>(
    `SELECT e.id, e.time, d.name AS device_name, d.third_party_id, e.event_code, e.message, e.parameters, e.firmware_version, o.name AS organization_name, s.name AS site_name, e.site_id
           ${from} ${orderBy(FIELDS, query.sortColumn, query.sortAscending, 'e.time DESC', 'e.id DESC')}
          OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
    [...params, query.startRow, query.endRow - query.startRow],
  );
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      time: new Date(r.time).toISOString(),
      deviceName: r.device_name,
      thirdPartyId: r.third_party_id,
      eventCode: r.event_code,
      message: r.message,
      parameters: r.parameters,
      firmwareVersion: r.firmware_version,
      organizationName: r.organization_name,
      siteName: r.site_name,
      siteId: r.site_id,
    })),
    totalRows: total,
    lastRow: Math.min(total, query.endRow) >= total ? total : -1,
  };
}
