// Creates a scenario's site, sources (with their equipment groups), devices and installations through the console's
// API only, as an operator would; returns the id maps the feeder and the scorer need.
import type { Scenario } from '../truth/types';
import type { ConsoleApi } from './console';
import { latLngText, toLatLng } from './geo';

export interface SiteHandles {
  organizationId: number;
  siteId: number;
  /** Console device id per sensor, in `site.sensors` order. */
  deviceIds: number[];
  /** Truth source key per console source id. */
  sourceKeyById: Map<number, string>;
}

export async function firstOrganization(api: ConsoleApi): Promise<number> {
  const orgs = await api.must<{ id: number; name: string; deleted: boolean }[]>(
    'find organization',
    'GET',
    '/api/organization/options/',
  );
  const live = orgs.find((o) => !o.deleted);
  if (!live) throw new Error('the console has no live organization');
  return live.id;
}

/** Names unique across the run's sites: the console refuses a second device of one name. */
export const deviceName = (siteNumber: number, sensorIndex: number): string =>
  `A-97${String(siteNumber).padStart(3, '0')}${String(sensorIndex).padStart(2, '0')}`;

export async function createSite(
  api: ConsoleApi,
  organizationId: number,
  scenario: Scenario,
  siteNumber: number,
  name: string,
): Promise<SiteHandles> {
  const { site } = scenario;
  const origin = site.origin;
  const created = await api.must<{ id: number }>('create site', 'POST', '/api/site/siteEdit/', {
    body: {
      id: 0,
      name,
      organizationId,
      locationLatLng: latLngText({ lat: origin.latitude, lng: origin.longitude }),
      alias: null,
      siteGroupIds: [],
      businessUnit: null,
      assetArea: null,
      countryId: null,
      stateProvinceId: null,
      regulationId: null,
      regulatorySiteTypeId: null,
      genericSiteTypeId: null,
      basinId: null,
      industrySegmentId: null,
      fluidTypeId: null,
    },
  });
  const siteId = created.id;

  const categories = await api.must<{ id: number; name: string }[]>(
    'list source categories',
    'GET',
    '/api/sourceCategory/options/',
  );
  const categoryId = (name: string): number => {
    const c = categories.find((x) => x.name.toLowerCase() === name.toLowerCase());
    if (!c)
      throw new Error(
        `the console has no source category '${name}' (it has ${categories.map((x) => x.name).join(', ')})`,
      );
    return c.id;
  };
  const sourceKeyById = new Map<number, string>();
  for (const s of site.sources) {
    const saved = await api.must<{ id: number }>(`create source ${s.key}`, 'POST', '/api/source/sourceEdit', {
      body: {
        organizationId,
        id: 0,
        siteId,
        name: s.name,
        locationLatLng: latLngText(toLatLng(origin, s.east, s.north)),
        height: s.height,
        relativeImportance: 2,
        sourceCategoryId: categoryId(s.category),
        sourceGroup: { name: s.group },
      },
    });
    sourceKeyById.set(saved.id, s.key);
  }

  const deviceIds: number[] = [];
  for (const [k, sensor] of site.sensors.entries()) {
    const devName = deviceName(siteNumber, k);
    const dev = await api.must<{ id: number }>(`create device ${devName}`, 'POST', '/api/device/deviceEdit/', {
      body: {
        id: 0,
        name: devName,
        organizationId,
        deviceType: 'Qube',
        pcbQrCode: null,
        thirdPartyId: `bench-${devName}`,
        thirdPartySerialNumber: `P034-${devName.slice(2)}`,
        anemometer: null,
        battery: null,
        solar: null,
        fan: null,
        pcbVersion: null,
        antenna: null,
        inletFilter: null,
        anemometerSerialNumber: null,
        batterySerialNumber: null,
        solarSerialNumber: null,
        fanSerialNumber: null,
        pcbSerialNumber: null,
        daughterCardSerialNumber: null,
        inletVentDcaCleanoutTime: null,
        productionNotes: null,
      },
    });
    await api.must<number>(`install device ${devName}`, 'POST', '/api/device/deviceInstall/', {
      body: {
        organizationId,
        deviceId: dev.id,
        siteId,
        locationLatLng: latLngText(toLatLng(origin, sensor.east, sensor.north)),
        height: sensor.height,
        azimuth: null,
        // Recorded after the fact: the devices stood there from the scenario start, where the readings begin.
        startTime: new Date(scenario.start).toISOString(),
      },
    });
    deviceIds.push(dev.id);
  }
  return { organizationId, siteId, deviceIds, sourceKeyById };
}
