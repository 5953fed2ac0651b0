// The overview's calls: rollups, site statuses, the normalized rate, monthly totals, the recent alarms and inspections.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { callEndpoint } from '@/api/endpoint-client';
import { recentAlarmsEndpoint } from '@/contracts/alarm';
import { inspectionListItemSchema } from '@/contracts/inspections';
import { INSPECTIONS_KEY } from '@/components/inspection-dialogs/api';
import {
  emissionRollupSchema,
  emissionTotalSchema,
  normalizedRateSchema,
  siteEmissionStatusSchema,
} from '@/contracts/emissions';
import { EVENT_LOG_TOP } from '@/domain/emissions';
import { siteFilterParams, type SiteFilter } from '@/domain/site-filter';

export interface Window {
  organizationId: number;
  start: number;
  end: number;
  filter: SiteFilter;
}

const windowQuery = (w: Window) => ({
  organizationId: w.organizationId,
  startTime: new Date(w.start).toISOString(),
  endTime: new Date(w.end).toISOString(),
  ...siteFilterParams(w.filter),
});
const key = (name: string, w: Window, ...rest: unknown[]) => [
  name,
  w.organizationId,
  w.start,
  w.end,
  w.filter,
  ...rest,
];

export const useEmissionRollups = (w: Window) =>
  useQuery({
    queryKey: key('emissionRollups', w),
    queryFn: () =>
      apiRequest('/api/emissions/emissionRollups/', z.array(emissionRollupSchema), { query: windowQuery(w) }),
    placeholderData: keepPreviousData,
  });

export const useSiteStatuses = (w: Window) =>
  useQuery({
    queryKey: key('siteStatuses', w),
    queryFn: () =>
      apiRequest('/api/emissions/getSiteEmissionStatuses/', z.array(siteEmissionStatusSchema), {
        query: windowQuery(w),
      }),
    placeholderData: keepPreviousData,
  });

export const useNormalizedRate = (w: Window, timeZone: string) =>
  useQuery({
    queryKey: key('normalizedRate', w, timeZone),
    queryFn: () =>
      apiRequest('/api/emissions/normalizedEmissionRate/', normalizedRateSchema, {
        query: { ...windowQuery(w), ianaTimezoneId: timeZone },
      }),
    placeholderData: keepPreviousData,
  });

export const useMonthlyTotals = (w: Window, timeZone: string, endTimeIsInCurrentPeriod: boolean) =>
  useQuery({
    queryKey: key('monthlyTotals', w, timeZone, endTimeIsInCurrentPeriod),
    queryFn: () =>
      apiRequest('/api/emissions/emissionTotals/', z.array(emissionTotalSchema), {
        query: { ...windowQuery(w), bucketInterval: 'Monthly', ianaTimezoneId: timeZone, endTimeIsInCurrentPeriod },
      }),
    placeholderData: keepPreviousData,
  });

export const useRecentAlarms = (w: Window) =>
  useQuery({
    queryKey: key('recentAlarms', w),
    queryFn: () => callEndpoint(recentAlarmsEndpoint, { query: { ...windowQuery(w), top: EVENT_LOG_TOP } }),
    placeholderData: keepPreviousData,
  });

/** The event log's Inspections tab; its key starts with the inspections key, so every inspection change refreshes it. */
export const useRecentInspections = (w: Window) =>
  useQuery({
    queryKey: [INSPECTIONS_KEY, 'recent', w.organizationId, w.start, w.end, w.filter],
    queryFn: () =>
      apiRequest('/api/inspection/inspectionList/', z.array(inspectionListItemSchema), {
        query: {
          organizationId: w.organizationId,
          fromTime: new Date(w.start).toISOString(),
          toTime: new Date(w.end).toISOString(),
          ...siteFilterParams(w.filter),
          top: EVENT_LOG_TOP,
        },
      }),
    placeholderData: keepPreviousData,
  });
