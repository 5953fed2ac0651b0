// The console under test: `node --import tsx server/main.ts` as a child process on a scratch database (a fresh
// PGlite directory, or a fresh database on BENCH_DATABASE_URL's server), signed in through the real OIDC flow.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { signInWithPassword } from '../../tests/helpers/oidc-flow';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const BENCH_EMAIL = 'provider.admin@example.com';
const PASSWORD = 'demo-password';
/** Sign in again well before the provider's access tokens lapse. */
const TOKEN_MAX_AGE_MS = 8 * 60_000; // the provider issues 600 s access tokens

/** A failed step of the run: the message names the step so a broken console fails the run instead of scoring zeros. */
export class StepError extends Error {
  constructor(
    public readonly step: string,
    detail: string,
  ) {
    super(`step '${step}' failed: ${detail}`);
  }
}

/** Characters of the console's output shown when a call fails or the console dies. */
const OUTPUT_TAIL_CHARS = 4000;
/** How long a failed call waits for a dying console's exit before telling its state. */
const EXIT_GRACE_MS = 2000;

/** A fetch's network failure with its cause (undici says only 'fetch failed'; the cause says what: ECONNRESET, …). */
export function networkFailure(e: unknown): string {
  const parts: string[] = [];
  for (let c: unknown = e, depth = 0; c !== undefined && c !== null && depth < 4; depth++) {
    if (c instanceof Error) {
      const code = (c as { code?: unknown }).code;
      parts.push(typeof code === 'string' ? `${c.message} (${code})` : c.message);
      c = c.cause;
    } else {
      parts.push(String(c));
      break;
    }
  }
  return parts.join(' ← ');
}

/** Whether the console process is still running, and if not how it ended, with the tail of its output. */
export function consoleState(child: Pick<ChildProcess, 'pid' | 'exitCode' | 'signalCode'>, output: string): string {
  const state =
    child.exitCode !== null
      ? `the console process exited with code ${child.exitCode}`
      : child.signalCode !== null
        ? `the console process was killed by ${child.signalCode}`
        : `the console process (pid ${child.pid}) is still running`;
  return `${state}; its last output:\n${output.slice(-OUTPUT_TAIL_CHARS) || '(none)'}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A scratch PostgreSQL database on BENCH_DATABASE_URL's server, dropped afterwards. */
async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_science_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface RunningConsole {
  origin: string;
  pid: number;
  engine: string;
  api: ConsoleApi;
  /** CPU seconds (user + system, all threads) the console process has used so far. */
  cpuSeconds(): number;
  output(): string;
  stop(): Promise<void>;
}

/** utime + stime of a process (its worker threads included) from /proc, in seconds; the kernel counts in 100 Hz ticks. */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) / 100;
}

export async function startConsole(log: (m: string) => void): Promise<RunningConsole> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-science-'));
  const scratch = process.env.BENCH_DATABASE_URL ? await createScratchDatabase(process.env.BENCH_DATABASE_URL) : null;
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      STATIC_DIR: '',
      // The smallest demo seed that still creates the demo users.
      SEED_ORGS: '1',
      SEED_SITES: '1',
      SEED_DEVICES: '1',
      SEED_DAYS: '1',
      SEED_FEATURED_DAYS: '0',
      SEED_HISTORY_SITES: '0',
      SEED_EMISSION_DAYS: '1',
      SIMULATE: '',
      MODEL_TICK_MS: process.env.MODEL_TICK_MS ?? '200',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    out += d.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const exited = new Promise((r) => child.once('exit', r));
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop().catch((e: unknown) => log(`could not drop the scratch database: ${String(e)}`));
  };
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new StepError('start console', consoleState(child, out));
      try {
        const res = await fetch(`${origin}/api/config/`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new StepError(
          'start console',
          `no answer from ${origin}/api/config/ in 180 s; ${consoleState(child, out)}`,
        );
      await new Promise((r) => setTimeout(r, 250));
    }
    const api = new ConsoleApi(origin, `${origin}/api`, async () => {
      // A crash resets the connection before the exit event arrives: give the exit (and the output's tail) a moment.
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, EXIT_GRACE_MS);
          child.once('exit', () => {
            clearTimeout(timer);
            setImmediate(resolve);
          });
        });
      }
      return consoleState(child, out);
    });
    await api.signIn();
    return {
      origin,
      pid: child.pid!,
      engine: scratch ? 'PostgreSQL (BENCH_DATABASE_URL, scratch database)' : 'PGlite (scratch directory)',
      api,
      cpuSeconds: () => processCpuSeconds(child.pid!),
      output: () => out,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

type Query = Record<string, string | number>;

/**
 * The console closes a connection idle for 72 s (Fastify's keepAliveTimeout). A harness that held its event loop that
 * long (a synchronous step, or starved under load) has not yet seen the close nor run fetch's own idle timer, and its
 * next request would go out on the dead pooled socket ('fetch failed', other side closed). After such a pause the
 * call first lets the loop run its timers and read the pending closes, so the request takes a fresh connection.
 */
const IDLE_SETTLE_MS = 30_000;
const settleIdleSockets = async (): Promise<void> => {
  await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setImmediate(r));
};

/** A call that got no HTTP answer; the message carries the network cause and the console's state and last output. */
export class ConsoleUnreachable extends Error {}

/** The console's JSON API with a bearer token from the built-in provider. */
export class ConsoleApi {
  private token = '';
  private signedInAt = 0;
  private lastAnswerAt = 0;
  constructor(
    readonly origin: string,
    private readonly audience: string,
    /** The console process's state and last output, told when a call cannot reach it (crashed, or the connection lost). */
    private readonly describeConsole: () => Promise<string> | string = () => '',
  ) {}

  async signIn(): Promise<void> {
    try {
      const tokens = await signInWithPassword({
        origin: this.origin,
        email: BENCH_EMAIL,
        password: PASSWORD,
        resource: this.audience,
      });
      this.token = tokens.accessToken;
      this.signedInAt = Date.now();
    } catch (e) {
      throw new StepError(
        'sign in',
        e instanceof TypeError ? await this.unreachable(e) : e instanceof Error ? e.message : String(e),
      );
    }
  }

  /** fetch rejects with a TypeError only when no HTTP answer came back: say why, and what became of the console. */
  private async unreachable(e: unknown): Promise<string> {
    return `no answer (${networkFailure(e)}); ${await this.describeConsole()}`;
  }

  /** Answers the status and the parsed body; callers decide what a non-2xx means for their step. */
  async call(
    method: 'GET' | 'POST',
    url: string,
    opts: { query?: Query; body?: unknown } = {},
  ): Promise<{ status: number; body: unknown }> {
    if (Date.now() - this.lastAnswerAt > IDLE_SETTLE_MS) await settleIdleSockets();
    if (Date.now() - this.signedInAt > TOKEN_MAX_AGE_MS) await this.signIn();
    const target = new URL(url, this.origin);
    for (const [k, v] of Object.entries(opts.query ?? {})) target.searchParams.set(k, String(v));
    const send = () =>
      fetch(target, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      });
    let text: string;
    let res: Response;
    try {
      res = await send();
      if (res.status === 401) {
        await this.signIn();
        res = await send();
      }
      text = await res.text();
      this.lastAnswerAt = Date.now();
    } catch (e) {
      if (e instanceof TypeError)
        throw new ConsoleUnreachable(`${method} ${target.pathname}: ${await this.unreachable(e)}`, { cause: e });
      throw e;
    }
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text for the error message
    }
    return { status: res.status, body };
  }

  /** A call that must succeed; otherwise the named step fails with the console's answer. */
  async must<T>(
    step: string,
    method: 'GET' | 'POST',
    url: string,
    opts: { query?: Query; body?: unknown } = {},
  ): Promise<T> {
    let answer: { status: number; body: unknown };
    try {
      answer = await this.call(method, url, opts);
    } catch (e) {
      if (e instanceof ConsoleUnreachable) throw new StepError(step, e.message);
      throw new StepError(step, `${method} ${url}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new StepError(
        step,
        `${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 1000)}`,
      );
    }
    return answer.body as T;
  }
}
