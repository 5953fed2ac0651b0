// The site map's calls: the site's structures (the Site edit read), its concentration roses for one gas, and its wind.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/api/endpoint-client';
import { structureListEndpoint } from '@/contracts/site-edit';
import { roseChartDataEndpoint, siteWindDataEndpoint } from '@/contracts/site-map';
import type { SiteWindow } from './api';

const rangeQuery = (w: SiteWindow) => ({
  organizationId: w.organizationId,
  siteId: w.siteId,
  startTime: new Date(w.range.start).toISOString(),
  endTime: new Date(w.range.end).toISOString(),
});

export const useSiteStructures = (organizationId: number, siteId: number, enabled: boolean) =>
  useQuery({ ...endpointQuery(structureListEndpoint, { query: { organizationId, siteId } }), enabled });

export const useRoseData = (w: SiteWindow, measurementTypeId: number, enabled: boolean) =>
  useQuery({
    ...endpointQuery(roseChartDataEndpoint, { query: { ...rangeQuery(w), measurementTypeId } }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useSiteWind = (w: SiteWindow, enabled: boolean) =>
  useQuery({
    ...endpointQuery(siteWindDataEndpoint, { query: rangeQuery(w) }),
    enabled,
    placeholderData: keepPreviousData,
  });
