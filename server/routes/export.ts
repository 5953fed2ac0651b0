// Export Data downloads (spec 3 §7 'Exports'): every call a GET with repeated array parameters, answered as a
// streamed CSV with its file name; sites or groups of another organization and ranges past the limits are refused.
import {
  deviceDataSamplePeriodOptionsEndpoint,
  exportAlarmsEndpoint,
  exportDeviceDataEndpoint,
  exportDeviceUptimeEndpoint,
  exportEmissionsEndpoint,
  exportSiteRateAveragesEndpoint,
  exportSiteRateEndpoint,
  exportVolumesEndpoint,
} from '@/contracts/export';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  deviceDataProblems,
  MAX_UPTIME_EXPORT_DAYS,
  EXPORT_MESSAGES,
  ROLLING_AVERAGE_PERIODS,
  samplePeriodOptions,
  SAMPLING_METHODS,
} from '@/domain/export';
import { Permission } from '@/domain/permissions';
import { defineRoute, type RouteContext } from '../http/define-route';
import { invalid } from '../services/errors';
import {
  ALARM_HEADERS,
  alarmRows,
  checkedRange,
  csvStream,
  deviceDataHeaders,
  deviceDataRows,
  EMISSION_HEADERS,
  emissionRows,
  exportFileName,
  resolveExportSites,
  type ExportSite,
  rollingAverageRows,
  rollingHeaders,
  SITE_RATE_HEADERS,
  siteRateRows,
  UPTIME_HEADERS,
  uptimeRows,
  volumeHeaders,
  volumeRows,
} from '../services/export';
import type { Readable } from 'node:stream';
import type { CsvCell } from '@/domain/csv';

const orgQuery = { from: 'query', key: 'organizationId' } as const;
const range = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z', siteIds: '1' };

/** Aborts when the client goes away before the download is complete. */
function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  request.raw.on('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

function sendCsv(reply: FastifyReply, fileName: string, stream: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/"/g, '')}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/** An export over a range and sites or site groups, with nothing else to choose. */
function scopedExport(spec: {
  endpoint: typeof exportAlarmsEndpoint;
  kind: string;
  summary: string;
  headers: readonly string[];
  maxDays?: number;
  rows: (
    db: RouteContext<unknown, unknown, unknown>['database'],
    organizationId: number,
    sites: ExportSite[],
    start: number,
    end: number,
    signal: AbortSignal,
  ) => AsyncGenerator<readonly CsvCell[]>;
}) {
  return defineRoute(spec.endpoint, {
    orgScope: orgQuery,
    summary: spec.summary,
    example: { query: range },
    handler: async ({ query, organizationId, database, request, reply }) => {
      const { start, end } = checkedRange(query.startTime, query.endTime, spec.maxDays);
      const sites = await resolveExportSites(database, organizationId!, query.siteIds, query.siteGroupIds);
      const signal = clientGone(request, reply);
      return sendCsv(
        reply,
        exportFileName(spec.kind, start, end),
        csvStream(spec.headers, (s) => spec.rows(database, organizationId!, sites, start, end, s), signal),
      );
    },
  });
}

export const exportRoutes = [
  scopedExport({
    endpoint: exportAlarmsEndpoint,
    kind: 'Alarms',
    summary: "The sites' alarms in the range as CSV",
    headers: ALARM_HEADERS,
    rows: (db, _org, sites, start, end, s) => alarmRows(db, sites, start, end, s),
  }),
  scopedExport({
    endpoint: exportEmissionsEndpoint,
    kind: 'Emissions',
    summary: "The sites' emissions starting in the range as CSV",
    headers: EMISSION_HEADERS,
    rows: (db, _org, sites, start, end, s) => emissionRows(db, sites, start, end, s),
  }),
  scopedExport({
    endpoint: exportDeviceUptimeEndpoint,
    kind: 'Device Uptime',
    summary: "Each device's 6-hour up status at the sites over the range (at most 90 days) as CSV",
    headers: UPTIME_HEADERS,
    maxDays: MAX_UPTIME_EXPORT_DAYS,
    rows: (db, org, sites, start, end) => uptimeRows(db, org, sites, start, end),
  }),
  defineRoute(exportVolumesEndpoint, {
    orgScope: orgQuery,
    summary:
      'CH4 volume per site and period (Total, Yearly, Monthly, Daily, Hourly) in the given time zone, optionally split',
    example: {
      query: {
        ...range,
        groupBy: 'Daily',
        splitBySourceCategory: 'false',
        splitBySourceGroup: 'false',
        ianaTimezoneId: 'UTC',
      },
    },
    handler: async ({ query, organizationId, database, request, reply }) => {
      const { start, end } = checkedRange(query.startTime, query.endTime);
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: query.ianaTimezoneId });
      } catch {
        throw invalid(`Unknown time zone: ${query.ianaTimezoneId}`);
      }
      const sites = await resolveExportSites(database, organizationId!, query.siteIds, query.siteGroupIds);
      const split = { category: query.splitBySourceCategory, group: query.splitBySourceGroup };
      const signal = clientGone(request, reply);
      return sendCsv(
        reply,
        exportFileName('Volumes', start, end),
        csvStream(
          volumeHeaders(split),
          (s) => volumeRows(database, sites, start, end, query.groupBy, split, query.ianaTimezoneId, s),
          signal,
        ),
      );
    },
  }),
  defineRoute(exportSiteRateAveragesEndpoint, {
    orgScope: orgQuery,
    summary: 'Hourly CH4 rolling averages (1 hour to 90 days) and the baseline per site as CSV',
    example: { query: { ...range, rollingAveragePeriods: '24' } },
    handler: async ({ query, organizationId, database, request, reply }) => {
      const { start, end } = checkedRange(query.startTime, query.endTime);
      const periods = query.rollingAveragePeriods.filter((h) => ROLLING_AVERAGE_PERIODS.some((p) => p.hours === h));
      if (periods.length === 0)
        throw invalid(EXPORT_MESSAGES.rollingRequired, { rollingAveragePeriods: [EXPORT_MESSAGES.rollingRequired] });
      const sites = await resolveExportSites(database, organizationId!, query.siteIds, query.siteGroupIds);
      const signal = clientGone(request, reply);
      return sendCsv(
        reply,
        exportFileName('CH4 Rolling Averages', start, end),
        csvStream(rollingHeaders(periods), (s) => rollingAverageRows(database, sites, start, end, periods, s), signal),
      );
    },
  }),
  defineRoute(exportDeviceDataEndpoint, {
    orgScope: orgQuery,
    summary: "One site's device data of a type, sampled (average or maximum per period) or raw, as CSV",
    example: { query: { ...range, deviceDataType: 'CH4', samplePeriodMinutes: '60', samplingMethod: '1' } },
    handler: async ({ query, organizationId, permissions, database, request, reply }) => {
      const { start, end } = checkedRange(query.startTime, query.endTime);
      const problems = deviceDataProblems(query, permissions.has(Permission.ExportHighPrecisionDeviceData));
      if (Object.keys(problems).length)
        throw invalid(
          Object.values(problems).join(' '),
          Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])),
        );
      const sites = await resolveExportSites(database, organizationId!, query.siteIds, query.siteGroupIds);
      if (sites.length !== 1)
        throw invalid(EXPORT_MESSAGES.singleSiteRequired, { siteIds: [EXPORT_MESSAGES.singleSiteRequired] });
      const sample = query.raw
        ? ({ raw: true } as const)
        : { periodMinutes: query.samplePeriodMinutes!, method: query.samplingMethod! };
      const signal = clientGone(request, reply);
      return sendCsv(
        reply,
        exportFileName(`Device Data ${query.deviceDataType} ${sites[0]!.name}`, start, end),
        csvStream(
          deviceDataHeaders(query.deviceDataType),
          (s) => deviceDataRows(database, sites[0]!.id, start, end, query.deviceDataType, sample, s),
          signal,
        ),
      );
    },
  }),
  defineRoute(deviceDataSamplePeriodOptionsEndpoint, {
    orgScope: false,
    summary: 'The sample periods a sampling method and device data type allow',
    handler: async ({ query }) => ({
      samplePeriods: samplePeriodOptions(query.samplingMethod ?? null, query.deviceDataType ?? null),
      samplingMethods: [...SAMPLING_METHODS],
    }),
  }),
  defineRoute(exportSiteRateEndpoint, {
    orgScope: orgQuery,
    summary: "One site's modelled rate and bounds per sample period (average or maximum) as CSV",
    example: { query: { ...range, samplePeriodMinutes: '60', samplingMethod: '1' } },
    handler: async ({ query, organizationId, database, request, reply }) => {
      const { start, end } = checkedRange(query.startTime, query.endTime);
      if (!SAMPLING_METHODS.some((m) => m.value === query.samplingMethod))
        throw invalid(EXPORT_MESSAGES.samplingMethodRequired);
      if (!samplePeriodOptions(null, null).some((p) => p.minutes === query.samplePeriodMinutes))
        throw invalid(EXPORT_MESSAGES.samplePeriodRequired);
      if (end - start <= query.samplePeriodMinutes * 60_000)
        throw invalid(EXPORT_MESSAGES.rangeVsSample, { dateRange: [EXPORT_MESSAGES.rangeVsSample] });
      const sites = await resolveExportSites(database, organizationId!, query.siteIds, query.siteGroupIds);
      if (sites.length !== 1)
        throw invalid(EXPORT_MESSAGES.singleSiteRequired, { siteIds: [EXPORT_MESSAGES.singleSiteRequired] });
      const signal = clientGone(request, reply);
      return sendCsv(
        reply,
        exportFileName(`Site Rate ${sites[0]!.name}`, start, end),
        csvStream(
          SITE_RATE_HEADERS,
          (s) => siteRateRows(database, sites[0]!, start, end, query.samplePeriodMinutes, query.samplingMethod, s),
          signal,
        ),
      );
    },
  }),
];
