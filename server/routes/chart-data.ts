// Chart data (spec 2 §7 'Chart data'): raw, sampled (max per period) and averaged series of one device and
// measurement type, wind per installation, and the closest time with data; JSON or Arrow IPC by Accept. Plus the
// ingestion path devices, the seed and the simulator write through.
import {
  closestTimeWithDataEndpoint,
  deviceAveragedDataEndpoint,
  deviceRawDataEndpoint,
  deviceSampledDataEndpoint,
  deviceWindDataEndpoint,
  ingestEndpoint,
  ingestSiteRatesEndpoint,
} from '@/contracts/chart-data';
import { MINUTE_MS } from '@/domain/chart-data';
import { defineRoute } from '../http/define-route';
import { sendDeviceSeries, sendWind } from '../http/series-answer';
import { checkedRange } from '../services/chart-range';
import { closestTimeWithData, deviceSeries, deviceWind, localDayOffset } from '../services/chart-data';
import { maxPerPeriod } from '../services/chart-series';
import { computeCore } from '../services/compute-core';
import { ingestOrganizationSamples, ingestOrganizationSiteRates } from '../services/ingestion';

const orgScope = { from: 'query', key: 'organizationId' } as const;
const deviceOf = (organizationId: number | null, query: { deviceId: number }) => ({
  organizationId: organizationId!,
  deviceId: query.deviceId,
});

export const chartDataRoutes = [
  defineRoute(deviceRawDataEndpoint, {
    orgScope,
    summary: 'Every sample of one device and measurement type in a range',
    cached: true,
    handler: async ({ query, organizationId, database, request, reply }) =>
      sendDeviceSeries(
        request,
        reply,
        database,
        await deviceSeries(
          database,
          deviceOf(organizationId, query),
          query.measurementTypeId,
          checkedRange(query),
          (s) => s,
        ),
      ),
  }),
  defineRoute(deviceSampledDataEndpoint, {
    orgScope,
    summary: 'The largest sample in each sample period (minutes), at the time it was measured',
    cached: true,
    handler: async ({ query, organizationId, database, request, reply }) => {
      const range = checkedRange(query);
      const series = await deviceSeries(
        database,
        deviceOf(organizationId, query),
        query.measurementTypeId,
        range,
        (s) => maxPerPeriod(s, range.start, query.samplePeriod * MINUTE_MS),
      );
      return sendDeviceSeries(request, reply, database, series);
    },
  }),
  defineRoute(deviceAveragedDataEndpoint, {
    orgScope,
    summary: 'The mean of each averaging period (15, 60 or 1440 minutes; days start at local midnight)',
    cached: true,
    handler: async ({ query, organizationId, database, request, reply }) => {
      const range = checkedRange(query);
      const offset = query.averagingPeriod === 1440 ? localDayOffset(query.timeZone, range.start) : 0;
      const series = await deviceSeries(
        database,
        deviceOf(organizationId, query),
        query.measurementTypeId,
        range,
        async (s) =>
          (await computeCore()).aggregate(s.times, s.values, query.averagingPeriod * MINUTE_MS, offset, 'average'),
      );
      return sendDeviceSeries(request, reply, database, series);
    },
  }),
  defineRoute(deviceWindDataEndpoint, {
    orgScope,
    summary:
      'Wind direction and speed per installation of the device: every reading, the strongest per sample period, or the mean per averaging period (directions as circular means; days start at local midnight); JSON keyed by installation id, or one Arrow IPC stream with an installationId column',
    handler: async ({ query, organizationId, database, request, reply }) =>
      sendWind(request, reply, await deviceWind(database, deviceOf(organizationId, query), query)),
  }),
  defineRoute(closestTimeWithDataEndpoint, {
    orgScope,
    summary:
      "The day of data nearest a range that has none: startTime and endTime to zoom to (a device's sampled data or wind, or a site's modelled rate)",
    handler: ({ query, organizationId, permissions, database }) =>
      closestTimeWithData(database, organizationId!, permissions, query),
  }),
  defineRoute(ingestEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      'Stores a batch of device samples (a sample already stored for its device, type and time is replaced, never doubled), then evaluates the alarms of the sites the devices stand at',
    example: { body: { samples: [{ deviceId: 1, measurementTypeId: 1, time: '2026-01-01T00:00:00Z', value: 2 }] } },
    handler: ({ body, organizationId, database, config }) =>
      ingestOrganizationSamples(database, organizationId!, body, config.publicUrl),
  }),
  defineRoute(ingestSiteRatesEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      "Stores the modelling pipeline's site rates for a site (a rate already stored for its time is replaced), then evaluates the site's alarms over them",
    example: { body: { siteId: 1, rates: [{ time: '2026-01-01T00:00:00Z', rate: 1, lower: 0.5, upper: 2 }] } },
    handler: ({ body, organizationId, database, config }) =>
      ingestOrganizationSiteRates(
        database,
        { organizationId: organizationId!, siteId: body.siteId },
        body.rates,
        config.publicUrl,
      ),
  }),
];
