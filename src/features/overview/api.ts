// The overview's calls: rollups, site statuses, the normalized rate, monthly totals, the recent alarms and inspections.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/api/endpoint-client';
import { recentAlarmsEndpoint } from '@/contracts/alarm';
import {
  emissionRollupsEndpoint,
  emissionTotalsEndpoint,
  normalizedEmissionRateEndpoint,
  siteEmissionStatusesEndpoint,
} from '@/contracts/emission';
import { inspectionListEndpoint } from '@/contracts/inspection';
import { EVENT_LOG_TOP } from '@/domain/emission';
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
export const useEmissionRollups = (w: Window) =>
  useQuery({ ...endpointQuery(emissionRollupsEndpoint, { query: windowQuery(w) }), placeholderData: keepPreviousData });

export const useSiteStatuses = (w: Window) =>
  useQuery({
    ...endpointQuery(siteEmissionStatusesEndpoint, { query: windowQuery(w) }),
    placeholderData: keepPreviousData,
  });

export const useNormalizedRate = (w: Window, timeZone: string) =>
  useQuery({
    ...endpointQuery(normalizedEmissionRateEndpoint, { query: { ...windowQuery(w), ianaTimezoneId: timeZone } }),
    placeholderData: keepPreviousData,
  });

export const useMonthlyTotals = (w: Window, timeZone: string, endTimeIsInCurrentPeriod: boolean) =>
  useQuery({
    ...endpointQuery(emissionTotalsEndpoint, {
      query: { ...windowQuery(w), bucketInterval: 'Monthly', ianaTimezoneId: timeZone, endTimeIsInCurrentPeriod },
    }),
    placeholderData: keepPreviousData,
  });

export const useRecentAlarms = (w: Window) =>
  useQuery({
    ...endpointQuery(recentAlarmsEndpoint, { query: { ...windowQuery(w), top: EVENT_LOG_TOP } }),
    placeholderData: keepPreviousData,
  });

/** The event log's Inspections tab; every inspection change refreshes it. */
export const useRecentInspections = (w: Window) =>
  useQuery({
    ...endpointQuery(inspectionListEndpoint, {
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
