// The single-site dashboard's calls: the site, the devices that stood there over the range, sources, emissions, the
// modelled rate, and the organization-wide calls (rollups, alarms, baselines) narrowed to this site.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpointBytes, endpointQuery } from '@/api/endpoint-client';
import { recentAlarmsEndpoint } from '@/contracts/alarm';
import {
  baselineStatusEndpoint,
  emissionRollupsEndpoint,
  siteBaselineHistoryEndpoint,
  siteEmissionStatusesEndpoint,
} from '@/contracts/emission';
import { siteInspectionsEndpoint } from '@/contracts/inspection';
import {
  siteDashboardDevicesEndpoint,
  siteDetailEndpoint,
  siteEmissionsEndpoint,
  siteRateAverageEndpoint,
  siteRateDataEndpoint,
  siteSourcesEndpoint,
} from '@/contracts/site-dashboard';
import type { TimeRange } from '@/domain/date-range';
import { EVENT_LOG_TOP } from '@/domain/emission';
import { PLUME_FRAME_THROTTLE_MS, PlumeStatus } from '@/domain/plume';
import { EMPTY_SITE_FILTER, siteFilterParams } from '@/domain/site-filter';

export interface SiteWindow {
  organizationId: number;
  siteId: number;
  range: TimeRange;
}

const rangeQuery = (w: SiteWindow) => ({
  organizationId: w.organizationId,
  siteId: w.siteId,
  startTime: new Date(w.range.start).toISOString(),
  endTime: new Date(w.range.end).toISOString(),
});
/** The organization-wide calls take a site filter: this site only. */
const filterQuery = (w: SiteWindow) => ({
  organizationId: w.organizationId,
  startTime: new Date(w.range.start).toISOString(),
  endTime: new Date(w.range.end).toISOString(),
  ...siteFilterParams({ ...EMPTY_SITE_FILTER, site: [w.siteId] }),
});
export const useSiteDetail = (organizationId: number, siteId: number) =>
  useQuery({ ...endpointQuery(siteDetailEndpoint, { query: { organizationId, siteId } }), retry: false });

export const useSiteDevices = (w: SiteWindow) =>
  useQuery({
    ...endpointQuery(siteDashboardDevicesEndpoint, { query: rangeQuery(w) }),
    placeholderData: keepPreviousData,
  });

export const useSiteSources = (organizationId: number, siteId: number) =>
  useQuery(endpointQuery(siteSourcesEndpoint, { query: { organizationId, siteId } }));

/** While a plume of the range is being generated the rows are read again every 5 s, so its state shows when it ends. */
export const useSiteEmissions = (w: SiteWindow) =>
  useQuery({
    ...endpointQuery(siteEmissionsEndpoint, { query: rangeQuery(w) }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.some((e) => e.plumeStatus === PlumeStatus.values.InProgress) ? PLUME_FRAME_THROTTLE_MS : false,
  });

/** The modelled rate's answer as bytes: the time-series worker decodes it (src/codec/site-rates.ts). */
export const fetchSiteRateBytes = (w: SiteWindow, signal: AbortSignal) =>
  callEndpointBytes(siteRateDataEndpoint, { query: rangeQuery(w), accept: 'application/json', signal });

/** Each source's rate and bounds for the rate chart's source view: 1-hour rolling means at every 15-minute step. */
export const useSourceRates = (w: SiteWindow) =>
  useQuery({
    ...endpointQuery(siteRateAverageEndpoint, { query: { ...rangeQuery(w), rollingAveragePeriod: 1 } }),
    placeholderData: keepPreviousData,
  });

export const useSiteRollups = (w: SiteWindow) =>
  useQuery({ ...endpointQuery(emissionRollupsEndpoint, { query: filterQuery(w) }), placeholderData: keepPreviousData });

export const useSiteAlarms = (w: SiteWindow) =>
  useQuery({
    ...endpointQuery(recentAlarmsEndpoint, { query: { ...filterQuery(w), top: EVENT_LOG_TOP } }),
    placeholderData: keepPreviousData,
  });

/** The site's status row over the window (volume, average rate, baseline, ratio, alarm counts), or null. */
export const useSiteStatus = (w: SiteWindow) =>
  useQuery({
    ...endpointQuery(siteEmissionStatusesEndpoint, { query: filterQuery(w) }),
    select: (rows) => rows.find((r) => r.siteId === w.siteId) ?? null,
    placeholderData: keepPreviousData,
  });

export const useHasActiveBaselines = (organizationId: number) =>
  useQuery({
    ...endpointQuery(baselineStatusEndpoint, { query: { organizationId } }),
    select: (answer) => answer.hasActiveBaselines,
  });

/** The site's inspections over the range; in the inspections' area, so an edit in the dialog refreshes it. */
export const useSiteInspections = (w: SiteWindow) =>
  useQuery({
    ...endpointQuery(siteInspectionsEndpoint, { query: rangeQuery(w) }),
    placeholderData: keepPreviousData,
  });

/** The site's baselines, newest first, deleted ones included (the menu's Baseline History, SiteBaselineAdministration). */
export const useSiteBaselineHistory = (organizationId: number, siteId: number) =>
  useQuery(endpointQuery(siteBaselineHistoryEndpoint, { query: { organizationId, siteId } }));
