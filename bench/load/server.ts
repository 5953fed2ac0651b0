// The console under load: `node --import tsx server/main.ts` on a scratch copy of a PGlite directory seeded once
// with the full demo seed (the template is kept in the temp folder and re-seeded when server/seed/ changes), signed in
// through the real OIDC flow.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../../server/db/client';
import { signInWithPassword } from '../../tests/helpers/oidc-flow';
import { freePort, startServerProcess } from '../../tests/helpers/server-process';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EMAIL = 'provider.admin@example.com';
const PASSWORD = 'demo-password';

interface TemplateStamp {
  hash: string;
  featuredDevices: string[];
  seedSeconds: number;
}

/** Hash of the seed's sources: a template seeded by other code is seeded again. */
function seedHash(): string {
  const h = createHash('sha256');
  const dir = path.join(ROOT, 'server/seed');
  for (const f of readdirSync(dir).sort()) h.update(f).update(readFileSync(path.join(dir, f)));
  return h.digest('hex').slice(0, 16);
}

/** The seeded template directory (seeding it with `npm run seed`'s CLI when missing or stale). */
export function demoTemplate(log: (m: string) => void): { dir: string; stamp: TemplateStamp } {
  const dir = process.env.LOAD_TEMPLATE_DIR || path.join(tmpdir(), 'emissions-load-template');
  const stampFile = path.join(dir, 'load-template.json');
  const hash = seedHash();
  if (existsSync(stampFile)) {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as TemplateStamp;
    if (stamp.hash === hash) return { dir, stamp };
  }
  rmSync(dir, { recursive: true, force: true });
  log(`seeding the demo data into ${dir} (once; a few minutes)…`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`seeding failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  const featured = /A year of one-minute data: (.*)/.exec(result.stdout)?.[1] ?? '';
  const stamp: TemplateStamp = {
    hash,
    featuredDevices: featured
      .split(',')
      .map((s) => s.trim().replace(/^\/device\//, ''))
      .filter(Boolean),
    seedSeconds: (Date.now() - started) / 1000,
  };
  writeFileSync(stampFile, JSON.stringify(stamp));
  log(`seeded in ${stamp.seedSeconds.toFixed(0)} s`);
  return { dir, stamp };
}

export interface LoadServer {
  origin: string;
  pid: number;
  token(): Promise<string>;
  /** The server's own log (warnings and errors). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the server on a copy of the template; extra Node flags (e.g. --cpu-prof) go in LOAD_NODE_FLAGS. */
export async function startLoadServer(
  templateDir: string,
  log: (m: string) => void,
  opts: { pauseModels?: boolean } = {},
): Promise<LoadServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-load-'));
  cpSync(templateDir, dataDir, { recursive: true });
  if (opts.pauseModels) {
    // The demo's modelled sites catch up from the seed's time for tens of minutes after a start, in a worker and in
    // the database's thread; pausing them on the copy measures serving alone.
    const copy = await openPglite(dataDir);
    const paused = await copy.query(
      'UPDATE sites SET modelling_pipeline_is_on = false WHERE modelling_pipeline_is_on RETURNING id',
    );
    await copy.close();
    log(`modelling paused on ${paused.length} sites of the copy`);
  }
  const flags = (process.env.LOAD_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const server = await startServerProcess({
    port,
    dataDir,
    nodeFlags: flags,
    timeoutMs: 180_000,
    keepOutputChars: 100_000,
    env: {
      PUBLIC_URL: origin,
      DATABASE_URL: '',
      STATIC_DIR: '',
      SIMULATE: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  const child = server.child;
  log(`server ${child.pid} listening at ${origin}`);
  let token = '';
  let signedInAt = 0;
  return {
    origin,
    pid: child.pid!,
    // The provider's access tokens last 600 s: sign in again well before.
    token: async () => {
      if (!token || Date.now() - signedInAt > 8 * 60_000) {
        token = (await signInWithPassword({ origin, email: EMAIL, password: PASSWORD })).accessToken;
        signedInAt = Date.now();
      }
      return token;
    },
    output: server.output,
    stop: server.stop,
  };
}
