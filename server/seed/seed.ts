// Deterministic, scalable demo data: organizations, roles, users, site options, groups, sites, devices, installations.
import { allPermissions, Permission } from '@/domain/permissions';
import type { Database } from '../db/client';
import { hashPassword } from '../auth/password';
import { createRandom, type Random } from './random';
import { seedAlarms } from './alarms';
import { seedSensorConfigurations } from './sensor-configurations';
import { seedTickets } from './tickets';
import {
  DEVICE_COLUMNS,
  deviceRow,
  INSTALLERS,
  QUARANTINE_NOTES,
  seedDeviceEvents,
  seedHardwareOptions,
} from './devices';
import {
  HISTORY_TYPES,
  QUBE_LITE_TYPES,
  QUBE_TYPES,
  seedDeviceData,
  siteEmissionPlan,
  type DeviceSpot,
} from './measurements';
import { emissionDays, seedBaselines, seedEmissions } from './emissions';
import { seedLocationStats } from './location-stats';
import { seedDemoDeploymentPlan } from '../services/deployment-plan/demo-plan';
import { seedInspections } from './inspections';
import { seedApiKeys } from './api-keys';
import { seedPushIntegrations } from '../services/push-integration/demo';
import { ROAMING_STAYS, seedRoamingDevice } from './roaming';
import { startDemoModels } from './models';
import { queueDemoPlume } from '../services/plume/demo';
import { seedDemoCameras } from './cameras';
import { siteWeather, type SiteWeather } from './site-weather';
import {
  ASSET_AREAS,
  BASINS,
  BUSINESS_UNITS,
  FLUID_TYPES,
  GENERIC_SITE_TYPES,
  INDUSTRY_SEGMENTS,
  ORGANIZATION_NAMES,
  REGULATIONS,
  REGULATORY_SITE_TYPES,
  SITE_GROUP_NAMES,
  SITE_PREFIXES,
  SITE_WORDS,
  type Basin,
} from './catalog';

import type { SeedSize } from '../config';

export type { SeedSize };

export interface SeedSummary {
  counts: Record<string, number>;
  /** The devices with a full record of every type, to open first. */
  featuredDevices: string[];
  /** A device moved between more sites than a chart names, or null in a seed too small for it. */
  roamingDevice: string | null;
  demoSignIns: { email: string; description: string }[];
}

/** A site the pipeline models in the demo: its weather (readings) and the model's start. */
export interface DemoModelSite {
  weather: SiteWeather;
  modelStart: number;
}

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_UNSUBSCRIBE_TOKEN = 'demo-unsubscribe-token';

export const DEMO_SIGN_INS = [
  { email: 'provider.admin@example.com', description: 'provider staff, every permission, every organization' },
  { email: 'org.admin@example.com', description: 'administrator of two organizations' },
  { email: 'operator@example.com', description: 'device and alarm work in one organization' },
  { email: 'viewer@example.com', description: 'no administration permission' },
];

const P = Permission;
/** Organization roles; OrganizationAdministration, QubeAdministration and CognitoAdministration stay with provider staff. */
const ORGANIZATION_ROLES: { name: string; permissions: number[] }[] = [
  {
    name: 'Administrator',
    permissions: allPermissions.filter(
      (p) => p !== P.QubeAdministration && p !== P.CognitoAdministration && p !== P.OrganizationAdministration,
    ),
  },
  {
    name: 'Operator',
    permissions: [
      P.DeviceAdministration,
      P.DeviceInstallationStartStop,
      P.DeviceView,
      P.AlarmAdministration,
      P.DeviceUptimeView,
      P.SiteUptimeView,
      P.ExportLowPrecisionDeviceData,
    ],
  },
  { name: 'Viewer', permissions: [P.DeviceView] },
];
const QUBE_ROLES = [
  { name: 'Qube Admin', permissions: [...allPermissions] },
  {
    name: 'Qube Support',
    permissions: [
      P.DeviceAdministration,
      P.DeviceView,
      P.SiteHealthAdministration,
      P.CognitoAdministration,
      P.DeviceUptimeView,
      P.ParticleCloudFunctions,
      P.SiteUptimeView,
    ],
  },
];

export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const [row] = await database.query<{ n: string | number }>('SELECT count(*) AS n FROM organizations');
  return Number(row?.n ?? 0) === 0;
}

/** Multi-row INSERT in batches; returns the new ids in row order. */
async function insertRows(
  database: Database,
  table: string,
  columns: string[],
  rows: unknown[][],
  returning = true,
): Promise<number[]> {
  const ids: number[] = [];
  const batch = Math.max(1, Math.floor(30000 / columns.length));
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    const params: unknown[] = [];
    const values = chunk.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`);
    const result = await database.query<{ id: number }>(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}${returning ? ' RETURNING id' : ''}`,
      params,
    );
    if (returning) ids.push(...result.map((r) => r.id));
  }
  return ids;
}

const hoursAgo = (now: Date, h: number) => new Date(now.getTime() - h * 3_600_000);

function uuidFrom(r: Random): string {
  const hex = () =>
    Math.floor(r.next() * 0x10000)
      .toString(16)
      .padStart(4, '0');
  return `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-a${hex().slice(1)}-${hex()}${hex()}${hex()}`;
}

/** Model freshness spread so every colour and Site Health quick filter (spec 1 §9) has rows. */
function modelState(r: Random, now: Date): { on: boolean; lastRun: Date | null; processed: Date | null } {
  const x = r.next();
  if (x < 0.15)
    return { on: false, lastRun: r.chance(0.5) ? hoursAgo(now, 24 + r.next() * 200) : null, processed: null };
  if (x < 0.22) return { on: true, lastRun: null, processed: null }; // Never Run
  if (x < 0.32)
    return { on: true, lastRun: hoursAgo(now, 0.1 + r.next() * 0.8), processed: hoursAgo(now, 11.05 + r.next() * 0.9) }; // Delayed
  if (x < 0.42)
    return { on: true, lastRun: hoursAgo(now, 12 + r.next() * 48), processed: hoursAgo(now, 12.5 + r.next() * 72) }; // Model Issues
  if (x < 0.55)
    return { on: true, lastRun: hoursAgo(now, 1.6 + r.next() * 8), processed: hoursAgo(now, 2 + r.next() * 8) }; // warning
  return { on: true, lastRun: hoursAgo(now, 0.1 + r.next() * 1.2), processed: hoursAgo(now, 0.3 + r.next() * 1.1) };
}

export async function seedDatabase(
  database: Database,
  size: SeedSize,
  report: (msg: string) => void = () => undefined,
  now: Date = new Date(),
): Promise<SeedSummary> {
  // Each line says how long its step took, so the start log shows where a first start spends its time.
  let stepStarted = Date.now();
  const log = (msg: string) => {
    const t = Date.now();
    report(`${msg} (${((t - stepStarted) / 1000).toFixed(1)} s)`);
    stepStarted = t;
  };
  const r = createRandom(size.seed);
  const orgCount = Math.max(3, size.orgs);
  const passwordHash = await hashPassword(DEMO_PASSWORD, Buffer.from(`demo-salt-${size.seed}`.padEnd(16, '.')));

  // Organizations: the last one is soft-deleted.
  const orgRows = Array.from({ length: orgCount }, (_, i) => {
    const name =
      ORGANIZATION_NAMES[i % ORGANIZATION_NAMES.length]! +
      (i >= ORGANIZATION_NAMES.length ? ` ${Math.floor(i / ORGANIZATION_NAMES.length) + 1}` : '');
    const domain = name.toLowerCase().replace(/[^a-z]+/g, '') + '.example.com';
    const sso = i === 1;
    return [
      name,
      sso,
      JSON.stringify([domain]),
      JSON.stringify(['Jordan Lee']),
      JSON.stringify(['Sam Ortiz']),
      JSON.stringify([`ops@${domain}`]),
      i === orgCount - 1 ? hoursAgo(now, 24 * 30) : null,
    ];
  });
  const orgIds = await insertRows(
    database,
    'organizations',
    ['name', 'single_sign_on_enabled', 'domains', 'customer_success_reps', 'sales_reps', 'org_contacts', 'deleted_at'],
    orgRows,
  );
  const orgDomains = orgRows.map((row) => (JSON.parse(row[2] as string) as string[])[0]!);
  log(`organizations: ${orgIds.length}`);
  // With four or more organizations, the last live one stands for the provider's own (its demonstration sites), so the
  // device map's provider's-own-sites filter has something to leave out for provider staff.
  if (orgIds.length >= 4)
    await database.query('UPDATE organizations SET provider_own = true WHERE id = $1', [orgIds[orgIds.length - 2]]);

  // Roles.
  const qubeRoleIds = await insertRows(
    database,
    'roles',
    ['name', 'kind', 'organization_id', 'permissions'],
    QUBE_ROLES.map((q) => [q.name, 'qube', null, JSON.stringify(q.permissions)]),
  );
  const orgRoleIds = new Map<number, number[]>();
  for (const orgId of orgIds) {
    orgRoleIds.set(
      orgId,
      await insertRows(
        database,
        'roles',
        ['name', 'kind', 'organization_id', 'permissions'],
        ORGANIZATION_ROLES.map((o) => [o.name, 'organization', orgId, JSON.stringify(o.permissions)]),
      ),
    );
  }
  const roleOf = (orgId: number, index: 0 | 1 | 2): number => orgRoleIds.get(orgId)![index]!;

  // Users: the four fixed demo sign-ins, then generated staff per organization.
  const userRows: unknown[][] = [];
  const memberships: [number, number, number][] = []; // user index, org, role
  const addUser = (email: string, opts: { qubeRole?: number; sso?: boolean; status?: string } = {}) => {
    userRows.push([
      email,
      opts.sso ? null : passwordHash,
      opts.sso ? 'SSO' : 'EmailPassword',
      opts.qubeRole !== undefined,
      opts.qubeRole ?? null,
      opts.status ?? 'CONFIRMED',
      uuidFrom(r),
    ]);
    return userRows.length - 1;
  };
  addUser('provider.admin@example.com', { qubeRole: qubeRoleIds[0]! });
  const orgAdmin = addUser('org.admin@example.com');
  memberships.push([orgAdmin, orgIds[0]!, roleOf(orgIds[0]!, 0)], [orgAdmin, orgIds[1]!, roleOf(orgIds[1]!, 0)]);
  const operator = addUser('operator@example.com');
  memberships.push([operator, orgIds[0]!, roleOf(orgIds[0]!, 1)]);
  const viewer = addUser('viewer@example.com');
  memberships.push([viewer, orgIds[0]!, roleOf(orgIds[0]!, 2)]);
  addUser('support@example.com', { qubeRole: qubeRoleIds[1]! });
  const firstNames = [
    'alex',
    'blair',
    'casey',
    'devon',
    'emery',
    'finley',
    'gray',
    'harper',
    'indy',
    'jules',
    'kai',
    'logan',
    'morgan',
    'noel',
    'oakley',
    'parker',
    'quinn',
    'reese',
    'sage',
    'taylor',
  ];
  orgIds.forEach((orgId, oi) => {
    for (let k = 0; k < 20; k++) {
      const sso = oi === 1 && k % 3 === 0;
      const status = k === 7 ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED';
      const u = addUser(`${firstNames[k]}.${oi + 1}@${orgDomains[oi]}`, { sso, status });
      memberships.push([u, orgId, roleOf(orgId, (k % 5 === 0 ? 0 : k % 2 === 0 ? 1 : 2) as 0 | 1 | 2)]);
    }
  });
  const userIds = await insertRows(
    database,
    'users',
    ['email', 'password_hash', 'sign_on_method', 'is_qube_user', 'qube_role_id', 'user_status', 'cognito_user_id'],
    userRows,
  );
  await insertRows(
    database,
    'user_organizations',
    ['user_id', 'organization_id', 'role_id'],
    memberships.map(([u, o, role]) => [userIds[u], o, role]),
    false,
  );
  await insertRows(
    database,
    'notification_subscriptions',
    ['user_id', 'organization_id', 'token', 'notification_type'],
    [[userIds[viewer], orgIds[0], DEMO_UNSUBSCRIBE_TOKEN, 'Alarm']],
    false,
  );
  log(`users: ${userIds.length}`);

  // Site options: one table, one kind per list.
  const optionIds = new Map<string, number>();
  const addOptions = async (
    kind: string,
    names: string[],
    parentOf?: (n: string) => number | null,
    orgId: number | null = null,
  ) => {
    const ids = await insertRows(
      database,
      'site_options',
      ['kind', 'name', 'parent_id', 'organization_id'],
      names.map((n) => [kind, n, parentOf?.(n) ?? null, orgId]),
    );
    names.forEach((n, i) => optionIds.set(`${kind}:${orgId ?? ''}:${n}`, ids[i]!));
  };
  const opt = (kind: string, name: string, orgId: number | null = null) =>
    optionIds.get(`${kind}:${orgId ?? ''}:${name}`)!;
  await addOptions('country', ['United States', 'Canada']);
  const states = [...new Set(BASINS.map((b) => b.stateProvince))];
  await addOptions('stateProvince', states, (s) => opt('country', BASINS.find((b) => b.stateProvince === s)!.country));
  await addOptions('regulation', REGULATIONS['United States'], () => opt('country', 'United States'));
  await addOptions(
    'regulation',
    REGULATIONS.Canada.filter((n) => !REGULATIONS['United States'].includes(n)),
    () => opt('country', 'Canada'),
  );
  await addOptions('regulatorySiteType', REGULATORY_SITE_TYPES);
  await addOptions('genericSiteType', GENERIC_SITE_TYPES);
  await addOptions(
    'basin',
    BASINS.map((b) => b.name),
  );
  await addOptions('industrySegment', INDUSTRY_SEGMENTS);
  await addOptions('fluidType', FLUID_TYPES);
  for (const orgId of orgIds) {
    await addOptions('businessUnit', BUSINESS_UNITS, undefined, orgId);
    await addOptions('assetArea', ASSET_AREAS, undefined, orgId);
  }

  // Site groups.
  const groupIds = new Map<number, number[]>();
  for (const orgId of orgIds) {
    const names = SITE_GROUP_NAMES.slice(0, r.int(5, 10));
    groupIds.set(
      orgId,
      await insertRows(
        database,
        'site_groups',
        ['organization_id', 'name'],
        names.map((n) => [orgId, n]),
      ),
    );
  }

  // Sites: each organization works a few basins; pads cluster around their basin.
  const orgBasins = new Map<number, Basin[]>(
    orgIds.map((orgId, i) => [orgId, [0, 1, 2].map((k) => BASINS[(i * 3 + k) % BASINS.length]!)]),
  );
  const siteRows: unknown[][] = [];
  const siteMeta: { orgId: number; lat: number; lng: number; deleted: boolean }[] = [];
  for (let s = 0; s < size.sites; s++) {
    // The deleted organization keeps a few sites; live ones share the rest.
    const orgId = s % 20 === 19 ? orgIds[orgIds.length - 1]! : orgIds[s % (orgIds.length - 1)]!;
    const basin = r.pick(orgBasins.get(orgId)!);
    const lat = basin.lat + r.normal() * basin.spread * 0.4;
    const lng = basin.lng + r.normal() * basin.spread * 0.5;
    const model = modelState(r, now);
    const deleted = r.chance(0.03);
    const regulations = REGULATIONS[basin.country];
    siteRows.push([
      orgId,
      `${r.pick(SITE_WORDS)} ${r.pick(SITE_PREFIXES)} ${String(s + 1).padStart(3, '0')}`,
      r.chance(0.4) ? `${basin.name.slice(0, 3).toUpperCase()}-${s + 1}` : null,
      Number(lat.toFixed(6)),
      Number(lng.toFixed(6)),
      opt('businessUnit', r.pick(BUSINESS_UNITS), orgId),
      opt('assetArea', r.pick(ASSET_AREAS), orgId),
      opt('country', basin.country),
      opt('stateProvince', basin.stateProvince),
      opt('regulation', r.pick(regulations)),
      opt('regulatorySiteType', r.pick(REGULATORY_SITE_TYPES)),
      opt('genericSiteType', r.pick(GENERIC_SITE_TYPES)),
      opt('basin', basin.name),
      opt('industrySegment', r.pick(INDUSTRY_SEGMENTS)),
      opt('fluidType', r.pick(FLUID_TYPES)),
      model.on,
      model.lastRun,
      model.processed,
      r.chance(0.3),
      r.chance(0.15),
      r.chance(0.2),
      deleted ? hoursAgo(now, 24 * r.int(1, 60)) : null,
    ]);
    siteMeta.push({ orgId, lat, lng, deleted });
  }
  const siteIds = await insertRows(
    database,
    'sites',
    [
      'organization_id',
      'name',
      'alias',
      'latitude',
      'longitude',
      'business_unit_id',
      'asset_area_id',
      'country_id',
      'state_province_id',
      'regulation_id',
      'regulatory_site_type_id',
      'generic_site_type_id',
      'basin_id',
      'industry_segment_id',
      'fluid_type_id',
      'modelling_pipeline_is_on',
      'model_last_run_time',
      'model_processed_up_to',
      'notification_required',
      'special_tickets_required',
      'work_permit_required',
      'deleted_at',
    ],
    siteRows,
  );
  const siteGroupRows: unknown[][] = [];
  siteIds.forEach((siteId, i) => {
    const groups = groupIds.get(siteMeta[i]!.orgId)!;
    for (const g of groups) if (r.chance(0.25)) siteGroupRows.push([siteId, g]);
  });
  await insertRows(database, 'site_site_groups', ['site_id', 'site_group_id'], siteGroupRows, false);
  log(`sites: ${siteIds.length}`);

  // Devices: mostly Qube, some QubeLite, a few cameras, named and numbered as the device form requires (spec 2 §5);
  // most installed a few tens of metres from a site.
  const hardwareIds = await seedHardwareOptions(database);
  const deviceRows: unknown[][] = [];
  for (let d = 0; d < size.devices; d++) {
    const x = r.next();
    const kind = x < 0.8 ? 'Qube' : x < 0.95 ? 'QubeLite' : 'QubeCamera';
    const online = r.next();
    const status = online < 0.8 ? true : online < 0.95 ? false : null;
    deviceRows.push(deviceRow(r, d, kind, status, hardwareIds, now));
  }
  const deviceIds = await insertRows(database, 'devices', DEVICE_COLUMNS, deviceRows);
  const installRows: unknown[][] = [];
  const deviceOrg: [number, number][] = [];
  const liveSites = siteIds.map((id, i) => ({ id, ...siteMeta[i]! })).filter((s) => !s.deleted);
  deviceIds.forEach((deviceId, i) => {
    if (liveSites.length === 0 || r.chance(0.08)) return; // in stock, not installed
    const site = r.pick(liveSites);
    const kind = deviceRows[i]![1];
    const offset = () => (r.next() - 0.5) * 0.0012;
    const started = hoursAgo(now, 24 * r.int(5, 400));
    if (r.chance(0.05)) {
      const earlier = r.pick(liveSites);
      installRows.push([
        deviceId,
        earlier.id,
        0,
        earlier.lat + offset(),
        earlier.lng + offset(),
        hoursAgo(started, 24 * r.int(30, 200)),
        hoursAgo(started, 24),
        null,
        null,
        null,
        r.pick(INSTALLERS),
        r.pick(INSTALLERS),
        null,
      ]);
    }
    const q = kind === 'QubeCamera' ? 0 : r.next() < 0.9 ? 0 : r.chance(0.6) ? 1 : 2;
    const height = kind === 'QubeLite' ? Number((1.5 + r.next() * 2).toFixed(2)) : null;
    const azimuth = kind === 'QubeCamera' ? Number((r.next() * 359).toFixed(1)) : null;
    installRows.push([
      deviceId,
      site.id,
      q,
      site.lat + offset(),
      site.lng + offset(),
      started,
      null,
      q === 0 ? null : hoursAgo(now, 24 * r.int(1, 30)),
      height,
      azimuth,
      r.pick(INSTALLERS),
      null,
      q === 0 ? null : r.pick(QUARANTINE_NOTES),
    ]);
    deviceOrg.push([deviceId, site.orgId]);
  });
  await insertRows(
    database,
    'device_installations',
    [
      'device_id',
      'site_id',
      'installation_type',
      'latitude',
      'longitude',
      'started_at',
      'ended_at',
      'quarantined_at',
      'height',
      'azimuth',
      'installed_by',
      'uninstalled_by',
      'quarantine_notes',
    ],
    installRows,
    false,
  );
  // Each device belongs to the organization of the site it stands at; stock devices belong to the first.
  await database.query(
    `UPDATE devices d SET organization_id = coalesce(
        (SELECT s.organization_id FROM device_installations i JOIN sites s ON s.id = i.site_id WHERE i.device_id = d.id AND i.ended_at IS NULL LIMIT 1), $1)`,
    [orgIds[0]],
  );
  log(`devices: ${deviceIds.length}, installations: ${installRows.length}`);
  const events = await seedDeviceEvents(database, r, now);
  log(`device events: ${events}`);
  const tickets = await seedTickets(database, r, now);
  log(`support tickets: ${tickets}`);
  // Its own random stream, so the data seeded after it does not change with it.
  const sensorConfigurations = await seedSensorConfigurations(database, createRandom(size.seed * 17 + 3), now);
  log(`sensor configurations: ${sensorConfigurations}`);

  // Measurements: a featured site with a year of everything, history sites with weeks of CH4, wind and battery, and
  // the last hour of readings for every other installed device.
  const { samples, featuredDeviceIds, historySiteIds, modelled } = await seedMeasurements(database, size, now, log);
  const roaming = await seedRoamingDevice(
    database,
    size,
    now,
    hardwareIds,
    new Map([...modelled].map(([id, m]) => [id, m.weather])),
  );
  if (roaming) log(`survey device ${roaming.name}: ${ROAMING_STAYS} installations, ${roaming.samples} samples`);
  // GPS fixes of the devices with data history, on their own random stream.
  const locationStats = await seedLocationStats(
    database,
    createRandom(size.seed * 29 + 7),
    now,
    size.days,
    historySiteIds,
  );
  log(`location stats: ${locationStats}`);
  // Emissions from the same events as the concentrations; site rates where devices have history.
  // The pipeline models the featured and history sites from their model start (it catches up in the background once
  // the server runs); the seed's emissions and site rates there stop at that start.
  await startDemoModels(database, new Map([...modelled].map(([id, m]) => [id, m.modelStart])));
  if (modelled.size) log(`models started: ${modelled.size} sites`);
  const emissionCounts = await seedEmissions(database, size, now, historySiteIds, new Set(modelled.keys()));
  // A modelled site's newest ended emission with wind around it, inside the dashboard's default 30 days (the featured
  // site first), gets its simulated plume from the plume worker at start.
  const [featuredSite] = featuredDeviceIds.length
    ? await database.query<{ site_id: number }>(
        'SELECT site_id FROM device_installations WHERE device_id = $1 AND ended_at IS NULL',
        [featuredDeviceIds[0]],
      )
    : [];
  const plumeSites = [...(featuredSite ? [featuredSite.site_id] : []), ...modelled.keys()];
  const demoPlume = await queueDemoPlume(database, [...new Set(plumeSites)], now);
  if (demoPlume) {
    const [site] = await database.query<{ name: string }>('SELECT name FROM sites WHERE id = $1', [demoPlume.siteId]);
    log(
      `simulated plume queued: site ${site?.name} (${demoPlume.siteId}), emission ${demoPlume.emissionId} at ${demoPlume.startTime}`,
    );
  }
  // The featured site's Qube Cameras post an event when its releases' plumes cross their view (cameras.ts).
  const featuredWeather = featuredSite ? modelled.get(featuredSite.site_id)?.weather : undefined;
  const minuteEnd = Math.floor(now.getTime() / 60_000) * 60_000;
  const demoCameras =
    featuredSite && featuredWeather
      ? await seedDemoCameras(
          database,
          {
            seed: size.seed,
            siteId: featuredSite.site_id,
            emissionFrom: minuteEnd - emissionDays(size) * DAY_MS,
            end: minuteEnd,
            weather: featuredWeather,
          },
          log,
        )
      : { cameras: 0, events: 0 };
  log(`demo cameras: ${demoCameras.cameras}, camera events: ${demoCameras.events}`);
  const [baselineAuthor] = await database.query<{ id: number; email: string }>(
    "SELECT id, email FROM users WHERE email = 'provider.admin@example.com'",
  );
  const baselines = baselineAuthor
    ? await seedBaselines(database, createRandom(size.seed * 23 + 5), now, baselineAuthor.id, baselineAuthor.email)
    : 0;
  log(
    `sources: ${emissionCounts.sources}, emissions: ${emissionCounts.emissions}, site rates: ${emissionCounts.siteRates}, targets: ${emissionCounts.targets}, baselines: ${baselines}`,
  );
  // Alarms come last: the engine raises them from the measurements just written.
  const alarmSetup = await seedAlarms(database, createRandom(size.seed * 19 + 11), now, Math.min(size.days, 30));
  log(`alarm parameters: ${alarmSetup.parameters}, alarms raised: ${alarmSetup.alarms}`);
  const inspections = await seedInspections(database, createRandom(size.seed * 31 + 13), now);
  log(`inspections: ${inspections}`);
  const apiKeys = await seedApiKeys(database, orgIds[0]!, size.seed);
  const pushIntegrations = await seedPushIntegrations(database, orgIds[0]!);
  // The featured site's deployment plan, made by the real optimizer from the sources and wind just written.
  const deploymentPlans = baselineAuthor
    ? await seedDemoDeploymentPlan(database, featuredDeviceIds, baselineAuthor, now)
    : 0;
  log(`deployment plans: ${deploymentPlans}`);
  const featuredDevices = featuredDeviceIds.length
    ? (
        await database.query<{ name: string }>('SELECT name FROM devices WHERE id = ANY($1::int[]) ORDER BY name', [
          featuredDeviceIds,
        ])
      ).map((d) => d.name)
    : [];

  return {
    counts: {
      organizations: orgIds.length,
      users: userIds.length,
      sites: siteIds.length,
      'site groups': [...groupIds.values()].reduce((n, g) => n + g.length, 0),
      devices: deviceIds.length + (roaming ? 1 : 0) + demoCameras.cameras,
      installations: installRows.length + (roaming ? ROAMING_STAYS : 0),
      'location stats': locationStats,
      'device events': events,
      'support tickets': tickets,
      'measurement samples': samples + (roaming?.samples ?? 0),
      'alarm parameters': alarmSetup.parameters,
      alarms: alarmSetup.alarms,
      sources: emissionCounts.sources,
      emissions: emissionCounts.emissions,
      'site rates': emissionCounts.siteRates,
      'emission targets': emissionCounts.targets,
      'site baselines': baselines,
      inspections,
      'deployment plans': deploymentPlans,
      'camera events': demoCameras.events,
      'API keys': apiKeys,
      'push integrations': pushIntegrations,
    },
    demoSignIns: DEMO_SIGN_INS,
    featuredDevices,
    roamingDevice: roaming?.name ?? null,
  };
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MODEL_STEP_MS = 15 * 60_000;
/**
 * Days the pipeline models at each history site (the featured site: all of SEED_DAYS); before that the seed writes
 * their emissions and site rates. Kept short so the background catch-up of the default demo (README) is not hours.
 */
export const HISTORY_MODEL_DAYS = 2;
/** Devices at the featured site with a full record of every measurement type. */
export const FEATURED_DEVICES = 4;

async function seedMeasurements(
  database: Database,
  size: SeedSize,
  now: Date,
  log: (msg: string) => void,
): Promise<{
  samples: number;
  featuredDeviceIds: number[];
  historySiteIds: Set<number>;
  modelled: Map<number, DemoModelSite>;
}> {
  const featuredDays = size.featuredDays ?? 0;
  const historySites = size.historySites ?? 0;
  if (featuredDays === 0 && historySites === 0)
    return { samples: 0, featuredDeviceIds: [], historySiteIds: new Set(), modelled: new Map() };
  const installed = await database.query<{
    device_id: number;
    device_type: string;
    online: boolean | null;
    site_id: number;
    organization_id: number;
    site_lat: number;
    site_lng: number;
    latitude: number;
    longitude: number;
    height: number | null;
  }>(
    `SELECT i.device_id, d.device_type, d.particle_online_status AS online, i.site_id, s.organization_id, s.latitude AS site_lat, s.longitude AS site_lng, i.latitude, i.longitude, i.height
       FROM device_installations i JOIN devices d ON d.id = i.device_id JOIN sites s ON s.id = i.site_id
       JOIN organizations o ON o.id = s.organization_id
      WHERE i.ended_at IS NULL AND s.deleted_at IS NULL AND o.deleted_at IS NULL AND d.device_type <> 'QubeCamera'
      ORDER BY s.organization_id, s.id, i.device_id`,
  );
  const bySite = new Map<number, typeof installed>();
  for (const row of installed) bySite.set(row.site_id, [...(bySite.get(row.site_id) ?? []), row]);
  // The featured site: the first organization's site with the most Qube devices.
  const qubes = (rows: typeof installed) => rows.filter((d) => d.device_type === 'Qube').length;
  const firstOrg = installed[0]?.organization_id;
  const featured = [...bySite.entries()]
    .filter(([, rows]) => rows[0]!.organization_id === firstOrg)
    .sort((a, b) => qubes(b[1]) - qubes(a[1]) || a[0] - b[0])[0];
  const history = [...bySite.entries()].filter(([id]) => id !== featured?.[0]).slice(0, historySites);
  const end = Math.floor(now.getTime() / 60_000) * 60_000;
  // The modelled sites (the featured site and the history sites): the pipeline turns their readings into emissions,
  // so their readings come from the site weather's one-minute wind and a Gaussian plume, every Qube and Qube Lite
  // there reports (none is left offline to block the model), and the model starts SEED_DAYS (history sites:
  // HISTORY_MODEL_DAYS) before the end.
  const modelled = new Map<number, DemoModelSite>();
  const addModelled = (siteId: number, rows: typeof installed, dataDays: number, modelDays: number) => {
    if (dataDays <= 0 || modelDays <= 0 || rows.length === 0) return;
    const dataStart = end - dataDays * DAY_MS;
    const weather = siteWeather(size.seed, siteId, rows[0]!.site_lat, rows[0]!.site_lng, dataStart, end);
    modelled.set(siteId, {
      weather,
      modelStart: Math.ceil(Math.max(dataStart + HOUR_MS, end - modelDays * DAY_MS) / MODEL_STEP_MS) * MODEL_STEP_MS,
    });
  };
  // Without featured days the featured site's first devices carry no data, so it is not modelled.
  if (featured && featuredDays > 0) addModelled(featured[0], featured[1], Math.max(size.days, featuredDays), size.days);
  for (const [id, rows] of history) addModelled(id, rows, size.days, Math.min(size.days, HISTORY_MODEL_DAYS));
  const reporting = installed.filter((d) => modelled.has(d.site_id) && d.online === false);
  if (reporting.length) {
    await database.query('UPDATE devices SET particle_online_status = true WHERE id = ANY($1::int[])', [
      reporting.map((d) => d.device_id),
    ]);
    for (const d of reporting) d.online = true;
  }
  // One plan per site, shared with the emissions seeded later, so concentrations and emissions tell one story.
  const emissionFrom = end - emissionDays(size) * DAY_MS;
  const spotsFor = (rows: typeof installed, types: (kind: string) => readonly number[]) => {
    const first = rows[0]!;
    const { sources, events, phase } = siteEmissionPlan(
      size.seed,
      first.site_id,
      first.site_lat,
      first.site_lng,
      emissionFrom,
      end,
    );
    const weather = modelled.get(first.site_id)?.weather;
    return rows.map((d) => ({
      device: {
        deviceId: d.device_id,
        lat: d.latitude,
        lng: d.longitude,
        types: types(d.device_type),
        online: d.online,
        height: d.height,
      } satisfies DeviceSpot,
      sources,
      events,
      phase,
      weather,
    }));
  };
  let total = 0;
  const started = Date.now();
  // The featured site's first four devices (Qubes first) carry everything; its others get the history types.
  const featuredRows = featured
    ? [...featured[1]].sort(
        (a, b) => Number(b.device_type === 'Qube') - Number(a.device_type === 'Qube') || a.device_id - b.device_id,
      )
    : [];
  if (featured && featuredDays > 0) {
    const from = end - featuredDays * DAY_MS;
    const spots = spotsFor(featuredRows.slice(0, FEATURED_DEVICES), (kind) =>
      kind === 'Qube' ? QUBE_TYPES : QUBE_LITE_TYPES,
    );
    total += await seedDeviceData(database, spots, from, end, size.seed, (n) =>
      log(`featured site ${featured[0]}: device ${n} of ${spots.length} (${featuredDays} days)`),
    );
  }
  if (size.days > 0) {
    const from = end - size.days * DAY_MS;
    const spots = [
      ...(featured ? [featuredRows.slice(FEATURED_DEVICES)] : []),
      ...history.map(([, rows]) => rows.slice(0, 4)),
    ]
      .filter((rows) => rows.length > 0)
      .flatMap((rows) => spotsFor(rows, () => HISTORY_TYPES));
    total += await seedDeviceData(database, spots, from, end, size.seed);
    // A history site's other devices report every 15 minutes, then minute by minute from an hour before the model's
    // start, so every sensor the model reads has its one-minute data (and none is silent to block it).
    let extra = 0;
    for (const [id, rows] of history) {
      const model = modelled.get(id);
      if (rows.length <= 4 || !model) continue;
      const minuteFrom = model.modelStart - HOUR_MS;
      const more = spotsFor(rows, () => HISTORY_TYPES).slice(4);
      total += await seedDeviceData(database, more, from, end, size.seed, undefined, (t) =>
        t < minuteFrom ? 15 * 60_000 : 60_000,
      );
      extra += more.length;
    }
    log(
      `history sites: ${history.length}, ${spots.length} devices, ${size.days} days (and ${extra} more from their model start)`,
    );
  }
  // Everyone else: the history types every 15 minutes over the same days (what a device in low-power mode sends, and
  // enough for uptime and trends), then minute by minute for the last hour, so every device has current readings.
  const covered = new Set([...(featured ? [featured[0]] : []), ...history.map(([id]) => id)]);
  const restFrom = end - Math.max(size.days * DAY_MS, 3_600_000);
  const rest = [...bySite.entries()]
    .filter(([id]) => !covered.has(id))
    .flatMap(([, rows]) => spotsFor(rows, () => HISTORY_TYPES));
  total += await seedDeviceData(database, rest, restFrom, end, size.seed, undefined, (t) =>
    t < end - 3_600_000 ? 15 * 60_000 : 60_000,
  );
  log(`measurements: ${total.toLocaleString('en-US')} samples in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    samples: total,
    featuredDeviceIds: featuredDays > 0 ? featuredRows.slice(0, FEATURED_DEVICES).map((d) => d.device_id) : [],
    historySiteIds: covered,
    modelled,
  };
}
