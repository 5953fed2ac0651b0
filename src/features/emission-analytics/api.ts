// Emission Analytics calls: period totals, grouped periods, site statuses and rollups for the window.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/api/endpoint-client';
import {
  emissionRollupsEndpoint,
  emissionTotalsEndpoint,
  periodEmissionRollupsEndpoint,
  siteEmissionStatusesEndpoint,
} from '@/contracts/emission';
import type { BucketInterval, StackBy } from '@/domain/emission';
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
  useQuery({ ...endpointQuery(emissionTotalsEndpoint, { query: period(r) }), placeholderData: keepPreviousData });

export const useGrouped = (r: TrendRequest, stackBy: StackBy) =>
  useQuery({
    ...endpointQuery(periodEmissionRollupsEndpoint, {
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
  useQuery({ ...endpointQuery(siteEmissionStatusesEndpoint, { query: base(r) }), placeholderData: keepPreviousData });

export const useRollups = (r: TrendRequest) =>
  useQuery({ ...endpointQuery(emissionRollupsEndpoint, { query: base(r) }), placeholderData: keepPreviousData });
