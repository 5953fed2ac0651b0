// The site dashboard's charts on the shared time-series chart: a measurement with one line per device stay at the site
// (past five, 'Other'), wind per stay, and the modelled CH4 emission rate with its bounds. Each stay keeps only what
// the device measured while it stood here.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { callEndpoint, callEndpointBytes } from '@/api/endpoint-client';
import { closestTimeWithDataEndpoint } from '@/contracts/chart-data';
import { timeseriesClient } from '@/compute/timeseries-client';
import type { SiteDeviceStay } from '@/contracts/site-dashboard';
import { ARROW_STREAM_MIME, MIN_RANGE_MINUTES, MINUTE_MS } from '@/domain/chart-data';
import type { TimeRange } from '@/domain/date-range';
import { formatDateTime } from '@/domain/format';
import { measurementType } from '@/domain/measurement-type';
import { measurementEndpoint } from '@/entities/device/device-measurement-chart';
import { fetchWindBytes } from '@/entities/device/device-wind-chart';
import {
  TimeSeriesChart,
  type ChartLoader,
  type ClosestTime,
  type LoadedChartSeries,
} from '@/ui/chart/time-series-chart';
import { useSession } from '@/ui/session-context';
import { fetchSiteRateBytes } from './api';
import { SourceRateChart } from './source-rate-chart';

interface ChartProps {
  organizationId: number;
  siteId: number;
  stays: readonly SiteDeviceStay[];
  range: TimeRange;
  onZoom: (r: TimeRange) => void;
  onMessage: (text: string) => void;
}

/** The part of the range a stay covers, widened to the chart endpoints' minimum window (the samples are cut back). */
function stayWindow(stay: SiteDeviceStay, range: TimeRange): { request: TimeRange; keep: TimeRange } | null {
  const keep = {
    start: Math.max(range.start, Date.parse(stay.startTime)),
    end: Math.min(range.end, stay.endTime ? Date.parse(stay.endTime) : range.end),
  };
  if (keep.end <= keep.start) return null;
  const request =
    keep.end - keep.start >= MIN_RANGE_MINUTES * MINUTE_MS
      ? keep
      : { start: keep.end - MIN_RANGE_MINUTES * MINUTE_MS, end: keep.end };
  return { request, keep };
}

/** Device names, with the stay's start where a device stood here more than once in the range. */
function useStayLabel(stays: readonly SiteDeviceStay[]) {
  const { ianaTimezoneId, timeFormat } = useSession().user.userSettings;
  return useCallback(
    (stay: SiteDeviceStay) =>
      stays.filter((s) => s.deviceId === stay.deviceId).length > 1
        ? `${stay.deviceName} (from ${formatDateTime(stay.startTime, ianaTimezoneId, timeFormat)})`
        : stay.deviceName,
    [stays, ianaTimezoneId, timeFormat],
  );
}

export function SiteMeasurementChart({
  organizationId,
  siteId,
  stays,
  typeId,
  range,
  onZoom,
  onMessage,
}: ChartProps & { typeId: number }) {
  const { user } = useSession();
  const type = measurementType(typeId);
  const tz = user.userSettings.ianaTimezoneId;
  const label = useStayLabel(stays);
  const load = useCallback<ChartLoader>(
    async ({ mode, range: r, signal, nonce }) => {
      const loaded = await Promise.all(
        stays
          .filter((s) => s.measurementTypeIds.includes(typeId))
          .map(async (stay): Promise<LoadedChartSeries | null> => {
            const w = stayWindow(stay, r);
            if (!w) return null;
            const endpoint = measurementEndpoint(mode, r.end - r.start);
            const bytes = await callEndpointBytes(endpoint.endpoint, {
              accept: ARROW_STREAM_MIME,
              signal,
              query: {
                organizationId,
                deviceId: stay.deviceId,
                measurementTypeId: typeId,
                startTime: new Date(w.request.start).toISOString(),
                endTime: new Date(w.request.end).toISOString(),
                timeZone: tz,
                ...endpoint.query,
              },
            });
            const id = `site:${siteId}:${typeId}:${stay.installationId}:${mode}:${r.start}:${r.end}:${nonce}`;
            // Decoded and cut to the stay in the worker; the bytes are transferred, not copied.
            return { id, label: label(stay), ...(await timeseriesClient.loadSeriesBytes(id, bytes, 'arrow', w.keep)) };
          }),
      );
      return loaded.filter((s): s is LoadedChartSeries => s !== null);
    },
    [organizationId, siteId, stays, typeId, tz, label],
  );
  return (
    <TimeSeriesChart
      title={type.label}
      unitKind={type.unitKind}
      sourceKey={['site', siteId, typeId, stays.map((s) => s.installationId).join(',')]}
      load={load}
      range={range}
      onZoom={onZoom}
      syncKey={`site-${siteId}`}
      onMessage={onMessage}
    />
  );
}

export function SiteWindChart({
  organizationId,
  siteId,
  stays,
  typeId,
  range,
  onZoom,
  onMessage,
}: ChartProps & { typeId: 15 | 16 }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const type = measurementType(typeId);
  const tz = user.userSettings.ianaTimezoneId;
  const label = useStayLabel(stays);
  const load = useCallback<ChartLoader>(
    async ({ mode, range: r, nonce }) => {
      const withWind = stays.filter((s) => s.measurementTypeIds.includes(typeId));
      const devices = [...new Set(withWind.map((s) => s.deviceId))];
      const series = await Promise.all(
        devices.map(async (deviceId) => {
          const args = { organizationId, deviceId, mode, range: r, timeZone: tz };
          // Decoded and split per installation in the time-series worker; installations at other sites are unloaded again.
          const loaded = await timeseriesClient.loadWindBytes(
            `site-wind:${siteId}:${typeId}:${deviceId}:${mode}:${r.start}:${r.end}:${nonce}`,
            (fresh) => fetchWindBytes(queryClient, args, fresh),
            typeId === 15 ? 'direction' : 'speed',
          );
          const here = withWind.filter((s) => s.deviceId === deviceId);
          for (const s of loaded)
            if (!here.some((stay) => stay.installationId === s.installationId))
              void timeseriesClient.unloadSeries(s.id).catch(() => undefined);
          return here.flatMap((stay) => {
            const s = loaded.find((l) => l.installationId === stay.installationId);
            return s ? [{ id: s.id, label: label(stay), length: s.length, interval: s.interval }] : [];
          });
        }),
      );
      return series.flat();
    },
    [queryClient, organizationId, siteId, stays, typeId, tz, label],
  );
  return (
    <TimeSeriesChart
      title={type.label}
      unitKind={type.unitKind}
      sourceKey={['site-wind', siteId, typeId, stays.map((s) => s.installationId).join(',')]}
      load={load}
      range={range}
      onZoom={onZoom}
      syncKey={`site-${siteId}`}
      onMessage={onMessage}
      direction={typeId === 15}
    />
  );
}

export const RATE_SERIES = ['CH4 emission rate', 'Lower bound', 'Upper bound'] as const;

/** Remembered in this browser (spec 3 §4: source view persists between sessions). */
export const RATE_SOURCE_VIEW_STORAGE_KEY = 'console.siteRateSourceView';

/**
 * The modelled rate in 15-minute steps with its bounds, in the user's CH4 rate unit; the source view draws each
 * source's 1-hour rolling mean with its bounds as a band instead (the site rate and its bounds are then off).
 */
export function SiteRateChart({ organizationId, siteId, range, onZoom, onMessage }: Omit<ChartProps, 'stays'>) {
  const [sourceView, setSourceView] = useState(
    () => window.localStorage.getItem(RATE_SOURCE_VIEW_STORAGE_KEY) === 'true',
  );
  const toggleSourceView = (on: boolean) => {
    setSourceView(on);
    window.localStorage.setItem(RATE_SOURCE_VIEW_STORAGE_KEY, String(on));
  };
  const load = useCallback<ChartLoader>(
    async ({ range: r, signal, nonce }) => {
      const body = await fetchSiteRateBytes({ organizationId, siteId, range: r }, signal);
      const loaded = await timeseriesClient.loadSiteRatesBytes(
        `site-rate:${siteId}:${r.start}:${r.end}:${nonce}`,
        body,
      );
      return loaded.map((s, k) => ({ ...s, label: RATE_SERIES[k]! }));
    },
    [organizationId, siteId],
  );
  const closest = useCallback<ClosestTime>(
    (r) =>
      callEndpoint(closestTimeWithDataEndpoint, {
        query: {
          organizationId,
          siteId,
          dataType: 'site-rate',
          startTime: new Date(r.start).toISOString(),
          endTime: new Date(r.end).toISOString(),
        },
      }),
    [organizationId, siteId],
  );
  return (
    <div className="grid gap-1">
      <label className="flex cursor-pointer items-center justify-end gap-2 text-sm">
        <input
          type="checkbox"
          className="toggle toggle-sm"
          checked={sourceView}
          onChange={(e) => toggleSourceView(e.target.checked)}
        />
        Source view
      </label>
      {sourceView ? (
        <SourceRateChart
          w={{ organizationId, siteId, range }}
          syncKey={`site-${siteId}`}
          onZoom={onZoom}
          onMessage={onMessage}
        />
      ) : (
        <TimeSeriesChart
          title="CH4 Emission Rate"
          unitKind="raw"
          unitGroup="ch4Rate"
          sourceKey={['site-rate', siteId, 'site']}
          load={load}
          closest={closest}
          modes={[]}
          range={range}
          onZoom={onZoom}
          syncKey={`site-${siteId}`}
          onMessage={onMessage}
        />
      )}
    </div>
  );
}
