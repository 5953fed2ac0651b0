// Configuration from the environment; every variable is listed with its default in the README.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCidrList, type Cidr } from '@/domain/network-address';

export interface SeedSize {
  orgs: number;
  sites: number;
  devices: number;
  /** Days of CH4, wind and battery for the devices of the history sites. */
  days: number;
  seed: number;
  /** Days of one-minute data for every measurement type of the featured site's devices (0: no measurement data). */
  featuredDays?: number;
  /** Sites whose devices get `days` of history; every other installed device gets its last hour. */
  historySites?: number;
  /** Days of emissions, site rates' history and targets behind the analytics screens (default 365). */
  emissionDays?: number;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Issuer of the built-in provider (PUBLIC_URL/oidc) unless OIDC_ISSUER points elsewhere. */
  oidcIssuer: string;
  oidcClientId: string;
  /** True when the built-in provider serves /oidc. */
  builtInOidc: boolean;
  /** Audience (resource indicator) of access tokens for this API. */
  apiAudience: string;
  envName: string;
  maintenance: boolean;
  /** Feed the devices with recent data one reading a minute (SIMULATE=1). */
  simulate: boolean;
  version: string;
  seedSize: SeedSize;
  staticDir: string | null;
  logLevel: string;
  /** Address on the access-denied page (spec 1 §2). */
  supportEmail: string;
  /** Raster tile URL template ({z}/{x}/{y}) for map backgrounds; without it maps draw the shipped offline basemap. */
  mapTileUrl: string | null;
  /** A MapLibre style JSON URL (vector or satellite imagery); wins over mapTileUrl (issue 25 'Readable maps'). */
  mapStyleUrl: string | null;
  /** smtp(s)://user:pass@host:port; without it mail is written to the log (and kept in the outbox). */
  smtpUrl: string | null;
  /** How often the notification worker delivers the outbox and queues digests (ms). */
  mailTickMs: number;
  /** How often the modelling scheduler looks for sites with steps to process (ms); ingestion nudges it too. */
  modelTickMs: number;
  mailFrom: string;
  mapTileAttribution: string;
  /** PUSH_ALLOW_CIDRS: private networks push integrations may deliver to despite the SSRF rules (a private receiver). */
  pushAllowCidrs: Cidr[];
}

const packageVersion = (): string => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
};

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative whole number, got '${raw}'`);
  return n;
}

/** PUSH_ALLOW_CIDRS, comma-separated (e.g. '10.20.0.0/16,fd00:1::/64'); a malformed entry stops the server. */
export function pushAllowCidrs(env: NodeJS.ProcessEnv): Cidr[] {
  try {
    return parseCidrList(env.PUSH_ALLOW_CIDRS);
  } catch (e) {
    throw new Error(`PUSH_ALLOW_CIDRS: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function boolVar(env: NodeJS.ProcessEnv, name: string): boolean {
  return ['1', 'true', 'yes', 'on'].includes((env[name] ?? '').toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intVar(env, 'PORT', 8080);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const externalIssuer = env.OIDC_ISSUER?.replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    oidcIssuer: externalIssuer || `${publicUrl}/oidc`,
    oidcClientId: env.OIDC_CLIENT_ID || 'emissions-console',
    builtInOidc: !externalIssuer,
    apiAudience: env.OIDC_AUDIENCE || `${publicUrl}/api`,
    envName: env.ENV_NAME || 'demo',
    maintenance: boolVar(env, 'MAINTENANCE'),
    simulate: boolVar(env, 'SIMULATE'),
    version: env.APP_VERSION || packageVersion(),
    seedSize: {
      orgs: intVar(env, 'SEED_ORGS', 4),
      sites: intVar(env, 'SEED_SITES', 400),
      devices: intVar(env, 'SEED_DEVICES', 3000),
      days: intVar(env, 'SEED_DAYS', 30),
      seed: intVar(env, 'SEED', 1),
      featuredDays: intVar(env, 'SEED_FEATURED_DAYS', 365),
      historySites: intVar(env, 'SEED_HISTORY_SITES', 30),
      emissionDays: intVar(env, 'SEED_EMISSION_DAYS', 365),
    },
    staticDir: env.STATIC_DIR === '' ? null : path.resolve(env.STATIC_DIR || './dist'),
    logLevel: env.LOG_LEVEL || 'info',
    supportEmail: env.SUPPORT_EMAIL || 'support@example.com',
    mapTileUrl: env.MAP_TILE_URL || null,
    mapStyleUrl: env.MAP_STYLE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailTickMs: intVar(env, 'MAIL_TICK_MS', 60_000),
    modelTickMs: Math.max(1, intVar(env, 'MODEL_TICK_MS', 60_000)),
    mailFrom: env.MAIL_FROM || 'alarms@example.com',
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION || '',
    pushAllowCidrs: pushAllowCidrs(env),
  };
}
