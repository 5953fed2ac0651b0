// The site dashboard reads from several API areas (site, emissions, data, alarm, siteBaseline, structure); a change
// that alters what it shows (a classification, a source) refreshes every one of its reads through these keys.
import type { QueryClient } from '@tanstack/react-query';
import { recentAlarmsEndpoint } from '@/contracts/alarm';
import { emissionClassificationEndpoint } from '@/contracts/emission-classification';
import { baselineStatusEndpoint, emissionRollupsEndpoint, siteEmissionStatusesEndpoint } from '@/contracts/emission';
import {
  siteDashboardDevicesEndpoint,
  siteDetailEndpoint,
  siteEmissionsEndpoint,
  siteSourcesEndpoint,
} from '@/contracts/site-dashboard';
import { structureListEndpoint } from '@/contracts/site-edit';
import { roseChartDataEndpoint, siteWindDataEndpoint } from '@/contracts/site-map';
import { endpointKey } from './endpoint-client';

const SITE_DASHBOARD_READS = [
  siteDetailEndpoint,
  siteDashboardDevicesEndpoint,
  siteSourcesEndpoint,
  siteEmissionsEndpoint,
  emissionRollupsEndpoint,
  recentAlarmsEndpoint,
  siteEmissionStatusesEndpoint,
  baselineStatusEndpoint,
  emissionClassificationEndpoint,
  structureListEndpoint,
  roseChartDataEndpoint,
  siteWindDataEndpoint,
];

/** Marks every read of the site dashboard stale (the shown ones refetch); not awaited by callers that answer first. */
export function invalidateSiteDashboard(client: QueryClient): Promise<unknown> {
  return Promise.all(SITE_DASHBOARD_READS.map((e) => client.invalidateQueries({ queryKey: endpointKey(e) })));
}
