// Emission Analytics calls: period totals, grouped periods, site statuses and rollups for the window.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import {
  emissionRollupSchema,
  emissionTotalSchema,
  periodGroupedEmissionSchema,
  siteEmissionStatusSchema,
} from '@/contracts/emissions';
import type { BucketInterval, StackBy } from '@/domain/emissions';
import { siteFilterParams, type SiteFilter } from '@/domain/site-filter';

export interface TrendRequest {
  organizationId: number;
  filter: SiteFilter;
  bucket: BucketInterval;
  startTime: number;
  endTime: number;
  endTimeIsInCurrentPeriod: boolean;
  timeZone: string;
}

const base = (r: TrendRequest) => ({
  organizationId: r.organizationId,
  startTime: new Date(r.startTime).toISOString(),
  endTime: new Date(r.endTime).toISOString(),
  ...siteFilterParams(r.filter),
});
const period = (r: TrendRequest) => ({
  ...base(r),
  bucketInterval: r.bucket,
  ianaTimezoneId: r.timeZone,
  endTimeIsInCurrentPeriod: r.endTimeIsInCurrentPeriod,
});

export const useTotals = (r: TrendRequest) =>
  useQuery({
    queryKey: ['emissionTotals', r],
    queryFn: () => apiRequest('/api/emissions/emissionTotals/', z.array(emissionTotalSchema), { query: period(r) }),
    placeholderData: keepPreviousData,
  });

export const useGrouped = (r: TrendRequest, stackBy: StackBy) =>
  useQuery({
    queryKey: ['periodEmissionRollups', r, stackBy],
    queryFn: () =>
      apiRequest('/api/emissions/getPeriodEmissionRollups/', z.array(periodGroupedEmissionSchema), {
        query: {
          ...period(r),
          groupBySite: stackBy === 'Site',
          groupBySourceCategory: stackBy === 'Source Category',
          groupByAlarmLevel: stackBy === 'Alarm Level',
        },
      }),
    enabled: stackBy !== 'None',
    placeholderData: keepPreviousData,
  });

export const useStatuses = (r: TrendRequest) =>
  useQuery({
    queryKey: ['siteStatuses', r.organizationId, r.startTime, r.endTime, r.filter],
    queryFn: () =>
      apiRequest('/api/emissions/getSiteEmissionStatuses/', z.array(siteEmissionStatusSchema), { query: base(r) }),
    placeholderData: keepPreviousData,
  });

export const useRollups = (r: TrendRequest) =>
  useQuery({
    queryKey: ['emissionRollups', r.organizationId, r.startTime, r.endTime, r.filter],
    queryFn: () => apiRequest('/api/emissions/emissionRollups/', z.array(emissionRollupSchema), { query: base(r) }),
    placeholderData: keepPreviousData,
  });
