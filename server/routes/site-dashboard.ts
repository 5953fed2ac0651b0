// The single-site dashboard's reads (spec 3 §2 'Single-site dashboard', spec 2 §7 'Site helpers'): the site, the
// devices that stood there over a range with the measurement types they stored, its sources, its emissions and its
// modelled rate. The dashboard has no permission gate (spec 1 route table), so any member of the organization reads.
import {
  siteDashboardDevicesEndpoint,
  siteDetailEndpoint,
  siteEmissionsEndpoint,
  siteRateAverageEndpoint,
  siteRateDataEndpoint,
  siteSourcesEndpoint,
} from '@/contracts/site-dashboard';
import {
  SITE_RATE_AVERAGE_PERIOD_HOURS,
  type SiteDetail,
  type SiteDeviceStay,
  type SiteEmission,
  type SiteRateAverage,
  type SiteRatePoint,
  type SiteSource,
} from '@/contracts/site-dashboard';
import { checkedRange } from '../services/chart-range';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { parseRollingPeriod, siteRateAverage } from '../services/modelling/service/site-rate-average';
import { checkSite, SITE_DELETED, SITE_NOT_FOUND } from '../services/site-dashboard';
import { selectSiteRows, toRow } from '../services/site';

/** The most emissions one siteEmissions call answers (the oldest in the range first). */
export const SITE_EMISSIONS_LIMIT = 5_000;

const orgScope = { from: 'query', key: 'organizationId' } as const;
const rangeExample = { siteId: '1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' };

type Time = Date | string;
const iso = (t: Time) => new Date(t).toISOString();
const isoOrNull = (t: Time | null) => (t === null ? null : iso(t));

export const siteDashboardRoutes = [
  defineRoute(siteDetailEndpoint, {
    orgScope,
    summary:
      "One site with its list row's fields and how far the modelling pipeline has processed it; 404 outside the organization, 410 when deleted",
    cached: true,
    example: { query: { siteId: '1' } },
    handler: async ({ query, organizationId, database }): Promise<SiteDetail> => {
      const [row] = await selectSiteRows(database, 's.id = $1 AND s.organization_id = $2', [
        query.siteId,
        organizationId,
      ]);
      if (!row) throw new DomainError('NotFound', SITE_NOT_FOUND);
      if (row.deleted_at !== null) throw new DomainError('Gone', SITE_DELETED);
      return { ...toRow(row), modelProcessedUpTo: isoOrNull(row.model_processed_up_to ?? null) };
    },
  }),
  defineRoute(siteDashboardDevicesEndpoint, {
    orgScope,
    summary:
      'Every installation at the site overlapping [startTime, endTime), by device name then start, with the measurement types the device stored within the stay and the range',
    cached: true,
    example: { query: rangeExample },
    handler: async ({ query, organizationId, database }): Promise<SiteDeviceStay[]> => {
      const siteId = await checkSite(database, { organizationId: organizationId!, siteId: query.siteId });
      const { start, end } = checkedRange(query);
      const rows = await database.query<{
        id: number;
        device_id: number;
        device_name: string;
        device_type: SiteDeviceStay['deviceType'];
        latitude: number;
        longitude: number;
        started_at: Time;
        ended_at: Time | null;
        installation_type: number;
        quarantined_at: Time | null;
        types: number[] | null;
      }>(
        // The chunks are one row per device, type and UTC day: those with samples between the later of the two starts
        // and the earlier of the two ends (chunk_start bounds the search to the index).
        `SELECT i.id, i.device_id, d.name AS device_name, d.device_type, i.latitude, i.longitude, i.started_at, i.ended_at,
                i.installation_type, i.quarantined_at,
                (SELECT json_agg(t.measurement_type ORDER BY t.measurement_type)
                   FROM (SELECT DISTINCT c.measurement_type
                           FROM measurement_chunks c
                          WHERE c.device_id = i.device_id AND c.sample_count > 0
                            AND c.chunk_start > greatest(i.started_at, $2::timestamptz) - interval '1 day'
                            AND c.chunk_start < least(coalesce(i.ended_at, $3::timestamptz), $3::timestamptz)
                            AND c.last_time >= greatest(i.started_at, $2::timestamptz)
                            AND c.first_time < least(coalesce(i.ended_at, $3::timestamptz), $3::timestamptz)) t) AS types
           FROM device_installations i JOIN devices d ON d.id = i.device_id
          WHERE i.site_id = $1 AND i.started_at < $3::timestamptz AND (i.ended_at IS NULL OR i.ended_at > $2::timestamptz)
          ORDER BY d.name, i.started_at, i.id`,
        [siteId, new Date(start).toISOString(), new Date(end).toISOString()],
      );
      return rows.map((r) => ({
        installationId: r.id,
        deviceId: r.device_id,
        deviceName: r.device_name,
        deviceType: r.device_type,
        location: { lat: r.latitude, lng: r.longitude },
        startTime: iso(r.started_at),
        endTime: isoOrNull(r.ended_at),
        deviceInstallationType: r.installation_type,
        quarantinedAt: isoOrNull(r.quarantined_at),
        measurementTypeIds: r.types ?? [],
      }));
    },
  }),
  defineRoute(siteSourcesEndpoint, {
    orgScope,
    summary:
      "The site's emission sources by name, with category ('Uncategorized' without one) and group; deleted ones included and flagged",
    cached: true,
    example: { query: { siteId: '1' } },
    handler: async ({ query, organizationId, database }): Promise<SiteSource[]> => {
      const siteId = await checkSite(database, { organizationId: organizationId!, siteId: query.siteId });
      const rows = await database.query<{
        id: number;
        name: string;
        latitude: number;
        longitude: number;
        source_category_id: number | null;
        category: string | null;
        group_name: string | null;
        deleted: boolean;
      }>(
        `SELECT s.id, s.name, s.latitude, s.longitude, s.source_category_id, c.name AS category, g.name AS group_name, s.deleted_at IS NOT NULL AS deleted
           FROM sources s LEFT JOIN source_categories c ON c.id = s.source_category_id LEFT JOIN source_groups g ON g.id = s.source_group_id
          WHERE s.site_id = $1
          ORDER BY lower(s.name), s.id`,
        [siteId],
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        location: { lat: r.latitude, lng: r.longitude },
        sourceCategoryId: r.source_category_id,
        sourceCategoryName: r.category || 'Uncategorized',
        sourceGroupName: r.group_name,
        deleted: r.deleted,
      }));
    },
  }),
  defineRoute(siteEmissionsEndpoint, {
    orgScope,
    summary: `The site's emissions overlapping [startTime, endTime), oldest first (one still processing overlaps when it started before the end); at most ${SITE_EMISSIONS_LIMIT}`,
    cached: true,
    example: { query: rangeExample },
    handler: async ({ query, organizationId, database }): Promise<SiteEmission[]> => {
      const siteId = await checkSite(database, { organizationId: organizationId!, siteId: query.siteId });
      const { start, end } = checkedRange(query);
      const rows = await database.query<{
        id: number;
        source_id: number | null;
        source_name: string | null;
        category: string | null;
        start_time: Time;
        end_time: Time | null;
        total_volume: number;
        rate: number;
        severity: number | null;
        classification: SiteEmission['classification'];
        rate_lower: number | null;
        rate_upper: number | null;
        probability: number | null;
        plume_status: number | null;
      }>(
        `SELECT e.id, e.source_id, s.name AS source_name, c.name AS category, e.start_time, e.end_time, e.total_volume, e.rate, e.severity, e.classification,
                e.rate_lower, e.rate_upper, e.probability, p.status AS plume_status
           FROM emissions e LEFT JOIN sources s ON s.id = e.source_id LEFT JOIN source_categories c ON c.id = s.source_category_id
                LEFT JOIN plumes p ON p.emission_id = e.id
          WHERE e.site_id = $1 AND e.start_time < $3 AND (e.end_time IS NULL OR e.end_time > $2)
          ORDER BY e.start_time, e.id
          LIMIT ${SITE_EMISSIONS_LIMIT}`,
        [siteId, new Date(start).toISOString(), new Date(end).toISOString()],
      );
      return rows.map((r) => ({
        id: r.id,
        sourceId: r.source_id,
        sourceName: r.source_name,
        sourceCategoryName: r.category || 'Uncategorized',
        startTime: iso(r.start_time),
        endTime: isoOrNull(r.end_time),
        totalVolume: r.total_volume,
        rate: r.rate,
        severity: r.severity,
        classification: r.classification,
        rateLower: r.rate_lower,
        rateUpper: r.rate_upper,
        probability: r.probability,
        plumeStatus: r.plume_status,
      }));
    },
  }),
  defineRoute(siteRateDataEndpoint, {
    orgScope,
    summary:
      "The site's modelled CH4 rate (kg/h) with its bounds in [startTime, endTime], ascending; time in epoch milliseconds",
    cached: true,
    example: { query: rangeExample },
    handler: async ({ query, organizationId, database }): Promise<SiteRatePoint[]> => {
      const siteId = await checkSite(database, { organizationId: organizationId!, siteId: query.siteId });
      const { start, end } = checkedRange(query);
      const rows = await database.query<{ time: Time; rate: number; lower_bound: number; upper_bound: number }>(
        'SELECT time, rate, lower_bound, upper_bound FROM site_rates WHERE site_id = $1 AND time >= $2 AND time <= $3 ORDER BY time',
        [siteId, new Date(start).toISOString(), new Date(end).toISOString()],
      );
      return rows.map((r) => ({
        time: new Date(r.time).getTime(),
        rate: r.rate,
        lowerBound: r.lower_bound,
        upperBound: r.upper_bound,
      }));
    },
  }),
  defineRoute(siteRateAverageEndpoint, {
    orgScope,
    summary:
      "Rolling means (kg/h) of the site's modelled rate and of each source's rate over 1 hour, 1 day, 7, 15, 30 or 90 days (rollingAveragePeriod: hours, or '30 days'); without a range, the week before the model's processed-up-to time",
    cached: true,
    example: { query: { ...rangeExample, rollingAveragePeriod: '24' } },
    handler: async ({ query, organizationId, database }): Promise<SiteRateAverage> => {
      const siteId = await checkSite(database, { organizationId: organizationId!, siteId: query.siteId });
      const hours = parseRollingPeriod(query.rollingAveragePeriod, SITE_RATE_AVERAGE_PERIOD_HOURS);
      if (hours === null)
        throw new DomainError('Invalid', 'rollingAveragePeriod must be 1 hour, 1 day, 7, 15, 30 or 90 days', {
          rollingAveragePeriod: ['Unknown rolling average period'],
        });
      let range: { start: number; end: number };
      if (query.startTime !== undefined && query.endTime !== undefined)
        range = checkedRange({ startTime: query.startTime, endTime: query.endTime });
      else {
        const [s] = await database.query<{ processed: Time | null }>(
          'SELECT model_processed_up_to AS processed FROM sites WHERE id = $1',
          [siteId],
        );
        const end = s?.processed == null ? Date.now() : new Date(s.processed).getTime();
        range = { start: end - 7 * 86_400_000, end };
      }
      return siteRateAverage(database, siteId, range.start, range.end, hours);
    },
  }),
];
