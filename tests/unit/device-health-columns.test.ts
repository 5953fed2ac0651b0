// The Device Health grid's columns: latest readings and wind in the user's units (sorted and exported as numbers),
// staff-only columns, and the quick filters.
import { describe, expect, it } from 'vitest';
import type { DeviceHealthRow } from '@/contracts/device';
import { DEVICE_HEALTH_QUICK_FILTERS } from '@/domain/device-health';
import { DEFAULT_UNIT_CONFIGURATION } from '@/domain/units';
import { DEVICE_HEALTH_FILTERS, deviceHealthColumns } from '@/features/device-health/device-health-columns';

const row: DeviceHealthRow = {
  id: 1,
  name: 'A-1',
  thirdPartyId: null,
  deviceType: 'Qube',
  organizationName: 'Acme',
  siteGroupNames: [],
  currentSiteId: 3,
  currentSiteName: 'Pad 3',
  currentDeviceInstallationId: 9,
  deviceInstallationType: 1,
  quarantinedAt: null,
  quarantineNotes: null,
  freshdeskTickets: [],
  particleOnlineStatus: true,
  firmware: '1.2',
  latestDeviceMeasurements: { '1': { value: 2.34567, time: '2026-05-01T00:00:00Z' } },
  latestDeviceWind: { windDirection: 90, windSpeed: 36, time: '2026-05-01T00:00:00Z' },
  latestTemperatureBelowThreshold: null,
  latestAzimuth: null,
  latestHeight: null,
  latestLocationLatLng: null,
  latestSiteId: 3,
  latestCH4Time: '2026-05-01T00:00:00Z',
  latestWindTime: '2026-05-01T00:00:00Z',
  rmxGen: null,
  hardware: {},
  symptomPrimaryNames: ['Low battery'],
  inletVentDcaCleanout: null,
};

const columns = (over: { internal?: boolean; speedDisplayUnitId?: number } = {}) =>
  deviceHealthColumns({
    timeZone: 'UTC',
    timeFormat: '24-hr',
    units: { ...DEFAULT_UNIT_CONFIGURATION, speedDisplayUnitId: over.speedDisplayUnitId ?? 41 },
    internal: over.internal ?? false,
    onTrend: () => undefined,
  });
const column = (id: string, cols = columns()) => cols.find((c) => c.id === id)!;

describe('device health columns', () => {
  it('gives a reading’s value for sorting and three decimals for the export, none when there is no reading', () => {
    const ch4 = column('m1');
    expect(ch4.value(row)).toBeCloseTo(2.34567);
    expect(ch4.exportValue?.(row)).toBe(2.346);
    expect(column('m12').value(row)).toBeNull();
    expect(column('m12').exportValue?.(row)).toBe('');
  });

  it('shows the wind speed in the user’s unit', () => {
    expect(column('wind').value(row)).toBe(36);
    expect(column('wind', columns({ speedDisplayUnitId: 42 })).value(row)).toBeCloseTo(10);
    expect(column('wind').value({ ...row, latestDeviceWind: null })).toBeNull();
  });

  it('offers the primary symptoms to provider staff only', () => {
    expect(columns().some((c) => c.id === 'symptomPrimary')).toBe(false);
    expect(column('symptomPrimary', columns({ internal: true })).value(row)).toBe('Low battery');
  });

  it('has a quick filter for each of the spec’s, counting tickets', () => {
    expect(DEVICE_HEALTH_FILTERS.map((f) => f.id)).toEqual([...DEVICE_HEALTH_QUICK_FILTERS]);
    const noTickets = DEVICE_HEALTH_FILTERS.find((f) => f.id === 'No Tickets')!;
    expect(noTickets.predicate?.(row)).toBe(true);
    expect(noTickets.predicate?.({ ...row, freshdeskTickets: [{ id: 1, status: 2 }] })).toBe(false);
  });
});
