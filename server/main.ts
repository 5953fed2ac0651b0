// config → database → migrations → seed if empty (one process at a time) → identity provider → listen.
import { buildApp, type IdentityProvider } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate, withStartupLock } from './db/migrate';
import { createOidcProvider, mountOidc } from './auth/oidc-provider';
import { createTokenVerifier } from './auth/verify-token';
import { isDatabaseEmpty, seedDatabase } from './seed/seed';
import { demoApiKeyLine } from './seed/api-keys';
import { startSimulator } from './seed/simulator';
import { logTransport, smtpTransport } from './services/notification/transports';
import { startNotificationWorker } from './services/notification/worker';
import { loadPushConfig, startPushWorker } from './services/push-integration/worker';
import { startModelling } from './services/modelling/service';
import { startPlumeWorker } from './services/plume';
import { startHeatmapWorker } from './services/site-heatmap';

/**
 * npm start builds the wasm core while this process opens and migrates the database, then the client while it seeds
 * (scripts/start.mjs), and says when each is done: the seed waits for the wasm, the static files are mounted after
 * the client. Listened for from the start, so a message cannot come too early.
 */
function buildMessage(pendingVariable: string, key: string): Promise<void> | null {
  if (process.env[pendingVariable] !== '1' || !process.send) return null;
  return new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !(key in message)) return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
  });
}
const asmBuilt = buildMessage('ASM_BUILD_PENDING', 'asmBuilt');
const clientBuilt = buildMessage('CLIENT_BUILD_PENDING', 'clientBuilt');

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Several processes may start at once on one PostgreSQL: one at a time migrates and seeds an empty database; the
  // others wait and then find it migrated and seeded (README 'Running several processes').
  const seeded = await withStartupLock(database, async () => {
    const applied = await migrate(database);
    if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
    if (!(await isDatabaseEmpty(database))) return null;
    if (asmBuilt) {
      console.log('Waiting for the wasm core build…');
      await asmBuilt;
    }
    const s = config.seedSize;
    console.log(`Seeding demo data (${s.orgs} organizations, ${s.sites} sites, ${s.devices} devices, seed ${s.seed})…`);
    return seedDatabase(database, config.seedSize, (m) => console.log(`  ${m}`));
  });

  let identityProvider: IdentityProvider | null = null;
  let verifyToken;
  if (config.builtInOidc) {
    const oidc = await createOidcProvider({ config, database });
    identityProvider = { mount: (app) => mountOidc(app, oidc), revokeAllForUser: (id) => oidc.revokeAllForUser(id) };
    verifyToken = createTokenVerifier({
      issuer: config.oidcIssuer,
      audience: config.apiAudience,
      jwks: oidc.publicJwks,
    });
  } else {
    verifyToken = createTokenVerifier({ issuer: config.oidcIssuer, audience: config.apiAudience });
  }

  if (clientBuilt) {
    console.log('Waiting for the client build…');
    await clientBuilt;
  }
  const app = await buildApp({
    config,
    database,
    identityProvider,
    verifyToken,
    logger: { level: config.logLevel },
  });
  await app.listen({ port: config.port, host: config.host });
  const simulator = config.simulate ? startSimulator(database, config.publicUrl, (m) => app.log.warn(m)) : null;
  const mailer = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : logTransport((m) => app.log.info(m));
  const notifications = startNotificationWorker(
    database,
    mailer,
    config.publicUrl,
    (m) => app.log.warn(m),
    config.mailTickMs,
  );
  const pushIntegrations = startPushWorker(database, loadPushConfig(), (m) => app.log.warn(m));
  const modelling = await startModelling({
    database,
    databaseUrl: config.databaseUrl,
    publicUrl: config.publicUrl,
    tickMs: config.modelTickMs,
    log: (m) => app.log.warn(m),
    info: (m) => app.log.info(m),
  });
  const plumes = startPlumeWorker({ database, log: (m) => app.log.warn(m) });
  const heatmaps = startHeatmapWorker({ database, log: (m) => app.log.warn(m) });

  const apiKeyLine = config.builtInOidc ? await demoApiKeyLine(database, config.seedSize.seed, config.publicUrl) : '';
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  console.log(
    [
      '',
      `Emissions console is running at ${config.publicUrl}  (${where}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      config.maintenance ? 'MAINTENANCE is on: the API answers 503.' : '',
      config.simulate ? 'SIMULATE is on: devices with recent data report a reading every minute.' : '',
      seeded
        ? `Seeded: ${Object.entries(seeded.counts)
            .map(([k, v]) => `${v} ${k}`)
            .join(', ')}`
        : '',
      seeded?.featuredDevices.length
        ? `A year of one-minute data: ${seeded.featuredDevices.map((d) => `${config.publicUrl}/device/${d}`).join('  ')}`
        : '',
      seeded?.roamingDevice
        ? `Moved between seven sites (wind per installation, 'Other'): ${config.publicUrl}/device/${seeded.roamingDevice}`
        : '',
      config.builtInOidc ? 'Demo sign-ins (password: demo-password):' : `Sign-in through ${config.oidcIssuer}`,
      ...(config.builtInOidc
        ? [
            '  provider.admin@example.com  provider staff, every permission, every organization',
            '  org.admin@example.com       administrator of two organizations',
            '  operator@example.com        device and alarm work in one organization',
            '  viewer@example.com          no administration permission',
          ]
        : []),
      apiKeyLine,
      '',
    ]
      .filter((l, i, all) => l !== '' || i === 0 || i === all.length - 1)
      .join('\n'),
  );

  const shutdown = async () => {
    simulator?.stop();
    notifications.stop();
    pushIntegrations.stop();
    await modelling.stop();
    await plumes.stop();
    await heatmaps.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
