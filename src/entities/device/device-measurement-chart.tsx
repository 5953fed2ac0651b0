// One measurement type of one device on the shared time-series chart: the mode picks the chart-data endpoint
// (spec 2 §7), the answer arrives as Arrow and goes straight into the time-series worker.
import { useCallback } from 'react';
import { callEndpoint, callEndpointBytes } from '@/api/endpoint-client';
import {
  closestTimeWithDataEndpoint,
  deviceAveragedDataEndpoint,
  deviceRawDataEndpoint,
  deviceSampledDataEndpoint,
} from '@/contracts/chart-data';
import { ARROW_STREAM_MIME, samplePeriodFor, type ChartMode } from '@/domain/chart-data';
import type { TimeRange } from '@/domain/date-range';
import type { MeasurementType } from '@/domain/measurement-type';
import { useSession } from '../../ui/session-context';
import { loadSeriesInto, TimeSeriesChart, type ChartLoader, type ClosestTime } from '../../ui/chart/time-series-chart';

/** The chart-data endpoint and parameters of a mode (spec 2 §7). */
export function measurementEndpoint(mode: ChartMode, span: number) {
  switch (mode) {
    case 'Raw':
      return { endpoint: deviceRawDataEndpoint, query: {} };
    case 'Maximum':
      return { endpoint: deviceSampledDataEndpoint, query: { samplePeriod: samplePeriodFor(span) } };
    case '15 Minutes':
      return { endpoint: deviceAveragedDataEndpoint, query: { averagingPeriod: 15 } };
    case '1 Hour':
      return { endpoint: deviceAveragedDataEndpoint, query: { averagingPeriod: 60 } };
    case '1 Day':
      return { endpoint: deviceAveragedDataEndpoint, query: { averagingPeriod: 1440 } };
  }
}

interface Props {
  deviceId: number;
  organizationId: number;
  type: MeasurementType;
  range: TimeRange;
  onZoom: (r: TimeRange) => void;
  syncKey: string;
  onMessage?: (text: string) => void;
}

export function DeviceMeasurementChart({ deviceId, organizationId, type, range, onZoom, syncKey, onMessage }: Props) {
  const { user } = useSession();
  const tz = user.userSettings.ianaTimezoneId;
  const load = useCallback<ChartLoader>(
    async ({ mode, range: r, signal, nonce }) => {
      const endpoint = measurementEndpoint(mode, r.end - r.start);
      const bytes = await callEndpointBytes(endpoint.endpoint, {
        accept: ARROW_STREAM_MIME,
        signal,
        query: {
          organizationId,
          deviceId,
          measurementTypeId: type.id,
          startTime: new Date(r.start).toISOString(),
          endTime: new Date(r.end).toISOString(),
          timeZone: tz,
          ...endpoint.query,
        },
      });
      return [await loadSeriesInto(`${deviceId}:${type.id}:${mode}:${r.start}:${r.end}:${nonce}`, type.label, bytes)];
    },
    [organizationId, deviceId, type.id, type.label, tz],
  );
  const closest = useCallback<ClosestTime>(
    (r) =>
      callEndpoint(closestTimeWithDataEndpoint, {
        query: {
          organizationId,
          deviceId,
          dataType: 'sampled',
          measurementTypeId: type.id,
          startTime: new Date(r.start).toISOString(),
          endTime: new Date(r.end).toISOString(),
        },
      }),
    [organizationId, deviceId, type.id],
  );
  return (
    <TimeSeriesChart
      title={type.label}
      unitKind={type.unitKind}
      sourceKey={['device', deviceId, type.id, tz]}
      load={load}
      closest={closest}
      range={range}
      onZoom={onZoom}
      syncKey={syncKey}
      onMessage={onMessage}
    />
  );
}
