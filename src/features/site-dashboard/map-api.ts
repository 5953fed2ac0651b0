// The site map's calls: the site's structures (the Site edit read), its concentration roses for one gas, and its wind.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { structureSchema } from '@/contracts/site-edit';
import { roseChartDatumSchema, siteWindDataSchema } from '@/contracts/site-map';
import type { SiteWindow } from './api';

const rangeQuery = (w: SiteWindow) => ({
  organizationId: w.organizationId,
  siteId: w.siteId,
  startTime: new Date(w.range.start).toISOString(),
  endTime: new Date(w.range.end).toISOString(),
});

export const useSiteStructures = (organizationId: number, siteId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['siteDashboard', 'structures', organizationId, siteId],
    queryFn: ({ signal }) =>
      apiRequest('/api/structure/getStructureEdit/', z.array(structureSchema), {
        query: { organizationId, siteId },
        signal,
      }),
    enabled,
  });

export const useRoseData = (w: SiteWindow, measurementTypeId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['siteDashboard', 'roses', w.organizationId, w.siteId, w.range.start, w.range.end, measurementTypeId],
    queryFn: ({ signal }) =>
      apiRequest('/api/data/roseChartData/', z.array(roseChartDatumSchema), {
        query: { ...rangeQuery(w), measurementTypeId },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useSiteWind = (w: SiteWindow, enabled: boolean) =>
  useQuery({
    queryKey: ['siteDashboard', 'wind', w.organizationId, w.siteId, w.range.start, w.range.end],
    queryFn: ({ signal }) =>
      apiRequest('/api/data/siteWindData/', siteWindDataSchema, { query: rangeQuery(w), signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
