// The single-site dashboard's calls: the site, the devices that stood there over the range, sources, emissions, the
// modelled rate, and the organization-wide calls (rollups, alarms, baselines) narrowed to this site.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { callEndpoint } from '@/api/endpoint-client';
import { recentAlarmsEndpoint } from '@/contracts/alarm';
import { inspectionListItemSchema } from '@/contracts/inspections';
import { INSPECTIONS_KEY } from '@/components/inspection-dialogs/api';
import { emissionRollupSchema, siteEmissionStatusSchema } from '@/contracts/emissions';
import {
  siteDetailSchema,
  siteDeviceStaySchema,
  siteEmissionSchema,
  siteRateAverageSchema,
  siteRatePointSchema,
  siteSourceSchema,
} from '@/contracts/site-dashboard';
import type { TimeRange } from '@/domain/date-range';
import { EVENT_LOG_TOP } from '@/domain/emissions';
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
const key = (name: string, w: SiteWindow) => [
  'siteDashboard',
  name,
  w.organizationId,
  w.siteId,
  w.range.start,
  w.range.end,
];

export const useSiteDetail = (organizationId: number, siteId: number) =>
  useQuery({
    queryKey: ['siteDashboard', 'detail', organizationId, siteId],
    queryFn: () => apiRequest('/api/site/siteDetail/', siteDetailSchema, { query: { organizationId, siteId } }),
    retry: false,
  });

export const useSiteDevices = (w: SiteWindow) =>
  useQuery({
    queryKey: key('devices', w),
    queryFn: () =>
      apiRequest('/api/site/siteDashboardDevices/', z.array(siteDeviceStaySchema), { query: rangeQuery(w) }),
    placeholderData: keepPreviousData,
  });

export const useSiteSources = (organizationId: number, siteId: number) =>
  useQuery({
    queryKey: ['siteDashboard', 'sources', organizationId, siteId],
    queryFn: () =>
      apiRequest('/api/site/siteSources/', z.array(siteSourceSchema), { query: { organizationId, siteId } }),
  });

export const useSiteEmissions = (w: SiteWindow) =>
  useQuery({
    queryKey: key('emissions', w),
    queryFn: () => apiRequest('/api/emissions/siteEmissions/', z.array(siteEmissionSchema), { query: rangeQuery(w) }),
    placeholderData: keepPreviousData,
  });

export const fetchSiteRates = (w: SiteWindow, signal: AbortSignal) =>
  apiRequest('/api/data/siteRateData/', z.array(siteRatePointSchema), { query: rangeQuery(w), signal });

/** Each source's rate for the rate chart's source view: the 1-hour rolling mean at every 15-minute step. */
export const fetchSourceRates = (w: SiteWindow, signal: AbortSignal) =>
  apiRequest('/api/data/siteRateAverage/', siteRateAverageSchema, {
    query: { ...rangeQuery(w), rollingAveragePeriod: 1 },
    signal,
  });

export const useSiteRollups = (w: SiteWindow) =>
  useQuery({
    queryKey: key('rollups', w),
    queryFn: () =>
      apiRequest('/api/emissions/emissionRollups/', z.array(emissionRollupSchema), { query: filterQuery(w) }),
    placeholderData: keepPreviousData,
  });

export const useSiteAlarms = (w: SiteWindow) =>
  useQuery({
    queryKey: key('alarms', w),
    queryFn: () => callEndpoint(recentAlarmsEndpoint, { query: { ...filterQuery(w), top: EVENT_LOG_TOP } }),
    placeholderData: keepPreviousData,
  });

/** The site's status row over the window (volume, average rate, baseline, ratio, alarm counts), or null. */
export const useSiteStatus = (w: SiteWindow, name = 'status') =>
  useQuery({
    queryKey: key(name, w),
    queryFn: async () =>
      (
        await apiRequest('/api/emissions/getSiteEmissionStatuses/', z.array(siteEmissionStatusSchema), {
          query: filterQuery(w),
        })
      ).find((r) => r.siteId === w.siteId) ?? null,
    placeholderData: keepPreviousData,
  });

export const useHasActiveBaselines = (organizationId: number) =>
  useQuery({
    queryKey: ['siteDashboard', 'baselineStatus', organizationId],
    queryFn: async () =>
      (
        await apiRequest('/api/siteBaseline/status', z.object({ hasActiveBaselines: z.boolean() }), {
          query: { organizationId },
        })
      ).hasActiveBaselines,
  });

/** The site's inspections over the range; keyed under the inspections key, so an edit in the dialog refreshes it. */
export const useSiteInspections = (w: SiteWindow) =>
  useQuery({
    queryKey: [INSPECTIONS_KEY, 'site', w.organizationId, w.siteId, w.range.start, w.range.end],
    queryFn: () =>
      apiRequest('/api/inspection/siteInspections/', z.array(inspectionListItemSchema), { query: rangeQuery(w) }),
    placeholderData: keepPreviousData,
  });
