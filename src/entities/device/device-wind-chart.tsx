// Wind direction or speed of one device on the shared time-series chart, one line per installation (spec 2 §7:
// deviceWindData is keyed by installation id), so readings from different places never join into one line. Maximum
// is the strongest reading per period (speed only: direction offers no Maximum); the averages take directions as
// circular means, and directions are drawn as points on a 0–360° axis.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint, callEndpointBytes, endpointKey } from '@/api/endpoint-client';
import { closestTimeWithDataEndpoint, deviceWindDataEndpoint } from '@/contracts/chart-data';
import { timeseriesClient } from '@/compute/timeseries-client';
import { ARROW_STREAM_MIME, samplePeriodFor, type ChartMode } from '@/domain/chart-data';
import type { TimeRange } from '@/domain/date-range';
import { formatDateTime } from '@/domain/format';
import { measurementType, WIND_DIRECTION_TYPE, type WindTypeId } from '@/domain/measurement-type';
import { useSession } from '../../ui/session-context';
import { TimeSeriesChart, type ChartLoader, type ClosestTime } from '../../ui/chart/time-series-chart';

/** The deviceWindData parameters of a chart mode. */
function windQuery(mode: ChartMode, range: TimeRange, timeZone: string): Record<string, string | number> {
  switch (mode) {
    case 'Raw':
      return {};
    case 'Maximum':
      return { samplePeriod: samplePeriodFor(range.end - range.start) };
    case '15 Minutes':
      return { averagingPeriod: 15 };
    case '1 Hour':
      return { averagingPeriod: 60 };
    case '1 Day':
      return { averagingPeriod: 1440, timeZone };
  }
}

export interface WindInstallation {
  id: number;
  siteName: string;
  startTime: string;
}

interface Props {
  deviceId: number;
  organizationId: number;
  /** WindDirection (15) or WindSpeed (16). */
  typeId: WindTypeId;
  installations: readonly WindInstallation[];
  range: TimeRange;
  onZoom: (r: TimeRange) => void;
  syncKey: string;
  onMessage?: (text: string) => void;
}

/**
 * One device's wind over a range in a chart mode, per installation. Direction and speed come in one answer, so the
 * two wind charts of a page share it through the query cache.
 */
export function fetchWindBytes(
  queryClient: QueryClient,
  q: { organizationId: number; deviceId: number; mode: ChartMode; range: TimeRange; timeZone: string },
  fresh = false,
): Promise<ArrayBuffer> {
  const { organizationId, deviceId, mode, range, timeZone } = q;
  const query = {
    organizationId,
    deviceId,
    startTime: new Date(range.start).toISOString(),
    endTime: new Date(range.end).toISOString(),
    ...windQuery(mode, range, timeZone),
  };
  const queryKey = endpointKey(deviceWindDataEndpoint, { query });
  // The cached buffer was handed to a worker that no longer holds it: fetch the answer again.
  if (fresh) queryClient.removeQueries({ queryKey, exact: true });
  return queryClient.fetchQuery({
    queryKey,
    staleTime: 30_000,
    gcTime: 30_000,
    queryFn: ({ signal }) => callEndpointBytes(deviceWindDataEndpoint, { accept: ARROW_STREAM_MIME, signal, query }),
  });
}

export function DeviceWindChart({
  deviceId,
  organizationId,
  typeId,
  installations,
  range,
  onZoom,
  syncKey,
  onMessage,
}: Props) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const type = measurementType(typeId);
  const { ianaTimezoneId: tz, timeFormat } = user.userSettings;
  const load = useCallback<ChartLoader>(
    async ({ mode, range: r, nonce }) => {
      const args = { organizationId, deviceId, mode, range: r, timeZone: tz };
      const named = new Map(
        installations.map((i) => [i.id, `${i.siteName} (from ${formatDateTime(i.startTime, tz, timeFormat)})`]),
      );
      // Decoded and split per installation in the time-series worker.
      const loaded = await timeseriesClient.loadWindBytes(
        `wind:${deviceId}:${typeId}:${mode}:${r.start}:${r.end}:${nonce}`,
        (fresh) => fetchWindBytes(queryClient, args, fresh),
        typeId === WIND_DIRECTION_TYPE ? 'direction' : 'speed',
      );
      return loaded.map(({ installationId, id, length, interval }) => ({
        id,
        label: named.get(installationId) ?? `Installation ${installationId}`,
        length,
        interval,
      }));
    },
    [queryClient, organizationId, deviceId, typeId, installations, tz, timeFormat],
  );
  const closest = useCallback<ClosestTime>(
    (r) =>
      callEndpoint(closestTimeWithDataEndpoint, {
        query: {
          organizationId,
          deviceId,
          dataType: 'wind',
          startTime: new Date(r.start).toISOString(),
          endTime: new Date(r.end).toISOString(),
        },
      }),
    [organizationId, deviceId],
  );
  return (
    <TimeSeriesChart
      title={type.label}
      unitKind={type.unitKind}
      sourceKey={['wind', deviceId, typeId, installations.map((i) => i.id).join(',')]}
      load={load}
      closest={closest}
      range={range}
      onZoom={onZoom}
      syncKey={syncKey}
      onMessage={onMessage}
      direction={typeId === WIND_DIRECTION_TYPE}
    />
  );
}
