import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceDetailSchema,
  deviceEditSchema,
  deviceHealthRowSchema,
  deviceListRowSchema,
  installationSchema,
  siteMarkerSchema,
} from '@/contracts/device';
import { SERIAL_PREFIX_MESSAGE } from '@/domain/device-form';
import { ingestSamples } from '../../server/services/measurement-store';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const blankDevice = {
  id: 0,
  name: 'A-20001',
  deviceType: 'Qube',
  pcbQrCode: null,
  thirdPartyId: 'e00fce68aa00000000000001',
  thirdPartySerialNumber: 'P034-020001',
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
};

describe.each(testEngines)('device fleet on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let operator = 0;
  let padOne = 0;
  let padTwo = 0;
  let legacy = 0;
  let lite = 0;
  let camera = 0;
  let foreign = 0;
  let anemometerOption = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    operator = await addMember(t.database, f.orgA, 'operator@example.com', [1, 2, 3]);
    padOne = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
    padTwo = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 2'"))[0]!.id;
    await q('UPDATE sites SET modelling_pipeline_is_on = true WHERE id = $1', [padOne]);
    anemometerOption = (
      await q<{ id: number }>(
        "INSERT INTO device_hardware_options (item, name) VALUES ('anemometer', 'Gill WindSonic 60') RETURNING id",
      )
    )[0]!.id;
    const device = async (name: string, kind: string, org: number) =>
      (
        await q<{ id: number }>(
          'INSERT INTO devices (name, device_type, organization_id, particle_online_status, third_party_id) VALUES ($1, $2, $3, true, $4) RETURNING id',
          [name, kind, org, `tp-${name}`],
        )
      )[0]!.id;
    legacy = await device('QB-LEGACY', 'Qube', f.orgA);
    lite = await device('B-LITE1', 'QubeLite', f.orgA);
    camera = await device('C-CAM01', 'QubeCamera', f.orgA);
    foreign = await device('A-99999', 'Qube', f.orgB);
    await q(
      "INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, now() - interval '10 days')",
      [legacy, padOne],
    );
    await q(
      "INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, now() - interval '10 days')",
      [camera, padOne],
    );
    const now = Date.now();
    await ingestSamples(t.database, [
      { deviceId: legacy, measurementType: 1, time: now - 120_000, value: 2.5 },
      { deviceId: legacy, measurementType: 1, time: now - 60_000, value: 3.25 },
      { deviceId: legacy, measurementType: 15, time: now - 60_000, value: 270 },
      { deviceId: legacy, measurementType: 16, time: now - 60_000, value: 4.5 },
    ]);
  });
  afterAll(() => t.close());

  const health = (user: number, org: number, extra = '') =>
    t.as(user, { method: 'GET', url: `/api/device/deviceHealth/?organizationId=${org}${extra}` });
  const save = (user: number, body: Record<string, unknown>) =>
    t.as(user, { method: 'POST', url: '/api/device/deviceEdit/', payload: { organizationId: f.orgA, ...body } });

  it('lists the health rows of the organization with installation and latest readings', async () => {
    const res = await health(operator, f.orgA);
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as unknown[]).map((r) => deviceHealthRowSchema.parse(r));
    expect(rows.map((r) => r.name)).toEqual(['B-LITE1', 'C-CAM01', 'QB-LEGACY']);
    const row = rows.find((r) => r.id === legacy)!;
    expect(row).toMatchObject({
      currentSiteName: 'Pad 1',
      deviceInstallationType: 0,
      particleOnlineStatus: true,
      organizationName: 'Alpha Energy',
      latestLocationLatLng: '31.9,-102.1',
    });
    expect(row.latestDeviceMeasurements['1']!.value).toBe(3.25);
    expect(row.latestDeviceWind).toMatchObject({ windDirection: 270, windSpeed: 4.5 });
    expect(row.latestCH4Time).not.toBeNull();
    expect(rows.find((r) => r.id === lite)).toMatchObject({
      currentSiteId: null,
      latestCH4Time: null,
      latestDeviceWind: null,
    });
    const one = (await health(operator, f.orgA, `&deviceId=${lite}`)).json() as unknown[];
    expect(one).toHaveLength(1);
  });

  it('never shows another organization or lets a user without DeviceAdministration in', async () => {
    expect((await health(operator, f.orgB)).statusCode).toBe(403);
    expect((await health(f.viewer, f.orgA)).statusCode).toBe(403);
    const list = await t.as(f.viewer, { method: 'GET', url: `/api/device/deviceList/?organizationId=${f.orgA}` });
    expect(list.statusCode).toBe(200);
    expect((list.json() as unknown[]).map((r) => deviceListRowSchema.parse(r).name)).not.toContain('A-99999');
    expect(
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/device/deviceEdit/?organizationId=${f.orgA}&deviceId=${foreign}`,
        })
      ).statusCode,
    ).toBe(404);
    const installsOfForeign = await t.as(operator, {
      method: 'GET',
      url: `/api/device/deviceInstallations/?organizationId=${f.orgA}&deviceId=${foreign}`,
    });
    expect([installsOfForeign.statusCode, installsOfForeign.json().detail]).toEqual([404, 'Device not found']);
  });

  it('adds a device with every validation of the form', async () => {
    const bad = await save(operator, { ...blankDevice, name: 'Q-1', thirdPartyId: '', thirdPartySerialNumber: 'XX-1' });
    expect(bad.statusCode).toBe(400);
    const errors = (bad.json() as { errors: Record<string, string[]> }).errors;
    expect(errors.name![0]).toMatch(/^The device name must be in the form of A-XXXX or AXON-V3-XXXX/);
    expect(errors.thirdPartyId).toEqual(['Third Party Id is required']);
    expect(errors.thirdPartySerialNumber).toEqual([SERIAL_PREFIX_MESSAGE]);
    const noSerial = await save(operator, { ...blankDevice, thirdPartySerialNumber: null });
    expect((noSerial.json() as { errors: Record<string, string[]> }).errors.thirdPartySerialNumber).toEqual([
      'Third Party Serial Number is required',
    ]);
    const liteName = await save(operator, { ...blankDevice, deviceType: 'QubeLite', name: 'B-12' });
    expect((liteName.json() as { errors: Record<string, string[]> }).errors.name![0]).toMatch(
      /^The device name must be in the form of B-XXXX/,
    );
    const longNotes = await save(operator, { ...blankDevice, productionNotes: 'x'.repeat(4001) });
    expect((longNotes.json() as { errors: Record<string, string[]> }).errors.productionNotes).toEqual([
      'Production Notes must be at most 4000 characters',
    ]);

    const ok = await save(operator, {
      ...blankDevice,
      anemometer: { id: anemometerOption, name: 'Gill WindSonic 60' },
      anemometerSerialNumber: 'ANE-1',
      inletVentDcaCleanoutTime: '2027-03-01T00:00:00.000Z',
    });
    expect(ok.statusCode).toBe(200);
    const { id } = ok.json() as { id: number };
    const edit = deviceEditSchema.parse(
      (
        await t.as(operator, { method: 'GET', url: `/api/device/deviceEdit/?organizationId=${f.orgA}&deviceId=${id}` })
      ).json(),
    );
    expect(edit).toMatchObject({
      name: 'A-20001',
      anemometer: { id: anemometerOption, name: 'Gill WindSonic 60' },
      anemometerSerialNumber: 'ANE-1',
      inletVentDcaCleanoutTime: '2027-03-01T00:00:00.000Z',
    });
    const duplicate = await save(operator, { ...blankDevice, name: 'A-20001' });
    expect((duplicate.json() as { errors: Record<string, string[]> }).errors.name).toEqual([
      'A device with this name already exists',
    ]);
    const history = (
      await t.as(operator, { method: 'GET', url: `/api/audit/device/?organizationId=${f.orgA}&id=${id}` })
    ).json() as { changedValues: { name: string; value: unknown }[] }[];
    expect(history[0]!.changedValues).toEqual(
      expect.arrayContaining([
        { name: 'name', value: 'A-20001' },
        { name: 'anemometer', value: 'Gill WindSonic 60' },
      ]),
    );
    const detail = deviceDetailSchema.parse(
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/device/deviceDetail/?organizationId=${f.orgA}&deviceName=a-20001`,
        })
      ).json(),
    );
    expect(detail).toMatchObject({
      name: 'A-20001',
      organizationName: 'Alpha Energy',
      hardware: { anemometer: 'Gill WindSonic 60' },
      serialNumbers: { anemometer: 'ANE-1' },
      thirdPartySerialNumber: 'P034-020001',
      currentSiteId: null,
    });
    expect(
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/device/deviceDetail/?organizationId=${f.orgA}&deviceName=A-99999`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps a legacy name unless it is changed, and lets only Qube administrators free-type hardware', async () => {
    const current = deviceEditSchema.parse(
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/device/deviceEdit/?organizationId=${f.orgA}&deviceId=${legacy}`,
        })
      ).json(),
    );
    const keep = await save(operator, { ...current, thirdPartySerialNumber: 'ARNT-1', productionNotes: 'Checked' });
    expect(keep.statusCode).toBe(200);
    const typed = await save(operator, {
      ...current,
      thirdPartySerialNumber: 'ARNT-1',
      battery: { id: 0, name: 'Custom 80Ah' },
    });
    expect((typed.json() as { errors: Record<string, string[]> }).errors.battery).toEqual([
      'Only Qube administrators can add new hardware values',
    ]);
    const byProvider = await save(f.provider, {
      ...current,
      thirdPartySerialNumber: 'ARNT-1',
      battery: { id: 0, name: 'Custom 80Ah' },
    });
    expect(byProvider.statusCode).toBe(200);
    const options = (
      await t.as(operator, { method: 'GET', url: '/api/device/deviceHardwareItemOptions/' })
    ).json() as Record<string, { name: string }[]>;
    expect(options.battery!.map((o) => o.name)).toContain('Custom 80Ah');
    const rename = await save(operator, { ...current, thirdPartySerialNumber: 'ARNT-1', name: 'QB-RENAMED' });
    expect(rename.statusCode).toBe(400);
  });

  it("moves a device only between organizations the user administers, and never touches another organization's device", async () => {
    const res = await t.as(f.provider, {
      method: 'POST',
      url: '/api/device/deviceEdit/',
      payload: { ...blankDevice, id: foreign, name: 'A-99999', organizationId: f.orgA },
    });
    expect(res.statusCode).toBe(200); // provider staff administer every organization: the device moves
    const asOperator = await save(operator, { ...blankDevice, id: foreign, name: 'A-99999' });
    expect(asOperator.statusCode).toBe(200);
    const [moved] = await t.database.query<{ organization_id: number }>(
      'SELECT organization_id FROM devices WHERE id = $1',
      [foreign],
    );
    expect(moved!.organization_id).toBe(f.orgA);
    await t.database.query('UPDATE devices SET organization_id = $1 WHERE id = $2', [f.orgB, foreign]);
    const denied = await save(operator, { ...blankDevice, id: foreign, name: 'A-99999', productionNotes: 'mine now' });
    expect(denied.statusCode).toBe(404);
    const install = await t.as(operator, {
      method: 'POST',
      url: '/api/device/deviceInstall/',
      payload: {
        organizationId: f.orgA,
        deviceId: foreign,
        siteId: padOne,
        locationLatLng: '31.9,-102.1',
        height: null,
        azimuth: null,
      },
    });
    expect(install.statusCode).toBe(400);
    expect((install.json() as { errors: Record<string, string[]> }).errors.deviceId).toEqual(['Device not found']);
  });

  it('starts, moves and ends installations, recording who did it', async () => {
    const bad = await t.as(operator, {
      method: 'POST',
      url: '/api/device/deviceInstall/',
      payload: {
        organizationId: f.orgA,
        deviceId: lite,
        siteId: padTwo,
        locationLatLng: '95,10',
        height: 0,
        azimuth: 360,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: Record<string, string[]> }).errors).toMatchObject({
      locationLatLng: ['Please enter valid latitude and longitude coordinates.'],
      height: ['Height must be greater than 0'],
      azimuth: ['Azimuth must be less than 360'],
    });
    const first = await t.as(operator, {
      method: 'POST',
      url: '/api/device/deviceInstall/',
      payload: {
        organizationId: f.orgA,
        deviceId: lite,
        siteId: padTwo,
        locationLatLng: '31.91,-102.11',
        height: 2.5,
        azimuth: null,
      },
    });
    expect(first.statusCode).toBe(200);
    const again = await t.as(operator, {
      method: 'POST',
      url: '/api/device/deviceInstall/',
      payload: {
        organizationId: f.orgA,
        deviceId: lite,
        siteId: padOne,
        locationLatLng: '31.9001,-102.1001',
        height: null,
        azimuth: null,
      },
    });
    expect(again.statusCode).toBe(200);
    const installs = (
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/device/deviceInstallations/?organizationId=${f.orgA}&deviceId=${lite}`,
        })
      ).json() as unknown[]
    ).map((r) => installationSchema.parse(r));
    expect(installs.map((i) => [i.siteName, i.endTime === null, i.installedBy, i.uninstalledBy])).toEqual([
      ['Pad 1', true, 'operator@example.com', null],
      ['Pad 2', false, 'operator@example.com', 'operator@example.com'],
    ]);
    expect(installs[1]!.height).toBe(2.5);
    const end = await t.as(operator, {
      method: 'POST',
      url: '/api/device/endDeviceInstallation/',
      payload: { organizationId: f.orgA, deviceId: lite },
    });
    expect(end.statusCode).toBe(200);
    // An installation recorded after the fact takes its field start, never in the future nor before the latest one.
    const install = (startTime: string) =>
      t.as(operator, {
        method: 'POST',
        url: '/api/device/deviceInstall/',
        payload: {
          organizationId: f.orgA,
          deviceId: lite,
          siteId: padTwo,
          locationLatLng: '31.91,-102.11',
          height: null,
          azimuth: null,
          startTime,
        },
      });
    const future = await install(new Date(Date.now() + 86_400_000).toISOString());
    expect((future.json() as { errors: Record<string, string[]> }).errors.startTime).toEqual([
      'The installation cannot start in the future',
    ]);
    const early = await install('2020-01-01T00:00:00Z');
    expect((early.json() as { errors: Record<string, string[]> }).errors.startTime).toEqual([
      "The installation must start after the start of the device's latest installation",
    ]);
    expect((await install('not a time')).statusCode).toBe(400);
    // After the latest start (which was a moment ago), a little ahead of the server's clock is accepted.
    const backdated = new Date(Date.now() + 2_000).toISOString();
    expect((await install(backdated)).statusCode).toBe(200);
    const latest = (
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/device/deviceInstallations/?organizationId=${f.orgA}&deviceId=${lite}`,
        })
      ).json() as unknown[]
    ).map((r) => installationSchema.parse(r))[0]!;
    expect(latest.startTime).toBe(backdated);
    expect(
      (
        await t.as(operator, {
          method: 'POST',
          url: '/api/device/endDeviceInstallation/',
          payload: { organizationId: f.orgA, deviceId: lite },
        })
      ).statusCode,
    ).toBe(200);
    const twice = await t.as(operator, {
      method: 'POST',
      url: '/api/device/endDeviceInstallation/',
      payload: { organizationId: f.orgA, deviceId: lite },
    });
    expect((twice.json() as { errors: Record<string, string[]> }).errors.deviceId).toEqual([
      'The device is not installed',
    ]);
  });

  it("quarantines by the kind's rules and stops the model when the site's last active device is quarantined", async () => {
    const change = (deviceId: number, type: number, notes: string | null = null) =>
      t.as(operator, {
        method: 'POST',
        url: '/api/device/changeDeviceQuarantineType/',
        payload: { organizationId: f.orgA, deviceId, newDeviceInstallationType: type, quarantineNotes: notes },
      });
    expect(((await change(camera, 1)).json() as { errors: Record<string, string[]> }).errors.deviceId).toEqual([
      'Qube Camera devices cannot be quarantined',
    ]);
    expect(((await change(lite, 1)).json() as { errors: Record<string, string[]> }).errors.deviceId).toEqual([
      'Devices must be installed to change their quarantine state',
    ]);
    await t.as(operator, {
      method: 'POST',
      url: '/api/device/deviceInstall/',
      payload: {
        organizationId: f.orgA,
        deviceId: lite,
        siteId: padTwo,
        locationLatLng: '31.91,-102.11',
        height: null,
        azimuth: null,
      },
    });
    expect((await change(lite, 2)).statusCode).toBe(400);

    const will = async (deviceId: number) =>
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/device/willQuarantineStopModellingPipeline/?organizationId=${f.orgA}&deviceId=${deviceId}`,
        })
      ).json() as boolean;
    // Pad 1 holds the legacy Qube and a camera, both active; the Qube Lite joins them.
    await t.as(operator, {
      method: 'POST',
      url: '/api/device/deviceInstall/',
      payload: {
        organizationId: f.orgA,
        deviceId: lite,
        siteId: padOne,
        locationLatLng: '31.9,-102.1',
        height: null,
        azimuth: null,
      },
    });
    expect(await will(legacy)).toBe(false);
    await t.as(operator, {
      method: 'POST',
      url: '/api/device/endDeviceInstallation/',
      payload: { organizationId: f.orgA, deviceId: lite },
    });
    // The camera does not feed the model: the Qube is now the site's last active device.
    expect(await will(legacy)).toBe(true);
    const wind = await change(legacy, 2, 'Anemometer stuck');
    expect(wind.json()).toEqual({ modellingPipelineStopped: true });
    const [site] = await t.database.query<{ modelling_pipeline_is_on: boolean }>(
      'SELECT modelling_pipeline_is_on FROM sites WHERE id = $1',
      [padOne],
    );
    expect(site!.modelling_pipeline_is_on).toBe(false);
    const row = deviceHealthRowSchema.parse(
      ((await health(operator, f.orgA, `&deviceId=${legacy}`)).json() as unknown[])[0],
    );
    expect(row).toMatchObject({ deviceInstallationType: 2, quarantineNotes: 'Anemometer stuck' });
    expect(row.quarantinedAt).not.toBeNull();
    const back = await change(legacy, 0, 'ignored');
    expect(back.json()).toEqual({ modellingPipelineStopped: false });
    const after = deviceHealthRowSchema.parse(
      ((await health(operator, f.orgA, `&deviceId=${legacy}`)).json() as unknown[])[0],
    );
    expect(after).toMatchObject({ deviceInstallationType: 0, quarantinedAt: null, quarantineNotes: null });
    const history = (
      await t.as(operator, { method: 'GET', url: `/api/audit/device/?organizationId=${f.orgA}&id=${legacy}` })
    ).json() as { changedValues: { name: string; value: unknown }[] }[];
    expect(history[1]!.changedValues).toEqual([
      { name: 'deviceInstallationType', value: 'Wind Quarantined' },
      { name: 'quarantineNotes', value: 'Anemometer stuck' },
    ]);
  });

  it('lists the live sites for the map with their devices and the offline basemap', async () => {
    const res = await t.as(operator, {
      method: 'GET',
      url: `/api/device/deviceHealthSiteList/?organizationId=${f.orgA}`,
    });
    expect(res.statusCode).toBe(200);
    const sites = (res.json() as unknown[]).map((s) => siteMarkerSchema.parse(s));
    expect(sites.map((s) => s.name).sort()).toEqual(['Pad 1', 'Pad 2']);
    const pad1 = sites.find((s) => s.name === 'Pad 1')!;
    expect(pad1.location).toEqual({ lat: 31.9, lng: -102.1 });
    expect(pad1.devices.length).toBeGreaterThan(0);
    expect(
      (await t.as(operator, { method: 'GET', url: `/api/device/deviceHealthSiteList/?organizationId=${f.orgB}` }))
        .statusCode,
    ).toBe(403);
    const basemap = await t.app.inject({ method: 'GET', url: '/api/map/basemap/' });
    expect(basemap.statusCode).toBe(200);
    const geo = basemap.json() as { features: { properties: { kind: string } }[] };
    expect(new Set(geo.features.map((x) => x.properties.kind))).toEqual(new Set(['land', 'border', 'state']));
  });

  it("lists the search drawer's devices and sites for the organization or for all the user's", async () => {
    const devices = (
      await t.as(operator, { method: 'GET', url: `/api/device/deviceSearchList/?organizationId=${f.orgA}` })
    ).json() as { name: string; organizationId: number }[];
    expect(devices.length).toBeGreaterThan(2);
    expect(devices.every((d) => d.organizationId === f.orgA)).toBe(true);
    const all = (await t.as(operator, { method: 'GET', url: '/api/device/deviceSearchList/' })).json() as {
      organizationId: number;
    }[];
    expect(new Set(all.map((d) => d.organizationId))).toEqual(new Set([f.orgA]));
    const provider = (await t.as(f.provider, { method: 'GET', url: '/api/device/deviceSearchList/' })).json() as {
      organizationId: number;
    }[];
    expect(new Set(provider.map((d) => d.organizationId))).toEqual(new Set([f.orgA, f.orgB]));
    expect(
      (await t.as(operator, { method: 'GET', url: `/api/device/deviceSearchList/?organizationId=${f.orgB}` }))
        .statusCode,
    ).toBe(403);
    expect((await t.as(f.viewer, { method: 'GET', url: '/api/device/deviceSearchList/' })).statusCode).toBe(403);
    const sites = (await t.as(f.admin, { method: 'GET', url: '/api/site/siteSearchList/' })).json() as {
      name: string;
    }[];
    expect(sites.map((x) => x.name).sort()).toEqual(['Pad 1', 'Pad 2', 'Station 9']);
    const mine = (await t.as(f.viewer, { method: 'GET', url: '/api/site/siteSearchList/' })).json() as {
      name: string;
    }[];
    expect(mine.map((x) => x.name).sort()).toEqual(['Pad 1', 'Pad 2']);
  });

  it("answers the install wizard: devices, availability by name, sites, and an installation's live readings", async () => {
    const options = (
      await t.as(operator, { method: 'GET', url: `/api/device/deviceOptionsForInstall/?organizationId=${f.orgA}` })
    ).json() as { name: string }[];
    expect(options.map((o) => o.name)).toContain('QB-LEGACY');
    expect(options.map((o) => o.name)).not.toContain('A-99999');
    const yes = (
      await t.as(operator, {
        method: 'GET',
        url: `/api/device/getDeviceInstallAvailability/?organizationId=${f.orgA}&deviceName=qb-legacy`,
      })
    ).json();
    expect(yes).toEqual({ available: true, deviceId: legacy, message: null });
    const no = (
      await t.as(operator, {
        method: 'GET',
        url: `/api/device/getDeviceInstallAvailability/?organizationId=${f.orgA}&deviceName=A-99999`,
      })
    ).json();
    expect(no).toEqual({
      available: false,
      deviceId: null,
      message: 'The device named A-99999 is not currently available for installation, please contact support',
    });
    const sites = (
      await t.as(operator, { method: 'GET', url: `/api/site/siteLocationsForInstall/?organizationId=${f.orgA}` })
    ).json() as { name: string }[];
    expect(sites.map((x) => x.name).sort()).toEqual(['Pad 1', 'Pad 2']);
    const [inst] = await t.database.query<{ id: number }>(
      'SELECT id FROM device_installations WHERE device_id = $1 AND ended_at IS NULL',
      [legacy],
    );
    const all = (
      await t.as(operator, {
        method: 'GET',
        url: `/api/device/deviceDiagnostics/?organizationId=${f.orgA}&deviceInstallationId=${inst!.id}`,
      })
    ).json() as {
      deviceMeasurements: Record<string, [number, number][]>;
      windData: { windSpeed: number; windDirection: number }[];
    };
    expect(all.deviceMeasurements['1']!.map(([, v]) => v)).toEqual([2.5, 3.25]);
    expect(all.windData).toEqual([expect.objectContaining({ windSpeed: 4.5, windDirection: 270 })]);
    const since = all.deviceMeasurements['1']![0]![0];
    const newer = (
      await t.as(operator, {
        method: 'GET',
        url: `/api/device/deviceDiagnostics/?organizationId=${f.orgA}&deviceInstallationId=${inst!.id}&deviceMeasurementFromTimes=1:${new Date(since).toISOString()}`,
      })
    ).json() as { deviceMeasurements: Record<string, [number, number][]> };
    expect(newer.deviceMeasurements['1']!.map(([, v]) => v)).toEqual([3.25]);
    expect(
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/device/deviceDiagnostics/?organizationId=${f.orgA}&deviceInstallationId=${inst!.id}&deviceMeasurementFromTimes=oops`,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.as(f.viewer, { method: 'GET', url: `/api/device/deviceOptionsForInstall/?organizationId=${f.orgA}` }))
        .statusCode,
    ).toBe(403);
  });
});
