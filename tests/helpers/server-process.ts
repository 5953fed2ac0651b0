// The real server (server/main.ts) as a child process, the one launcher the end-to-end harness, the two-processes test
// and the load bench share: a DATA_DIR of its own, ready once /api/config/ answers, and stop() ends it (SIGTERM, then
// SIGKILL after a grace period) and removes the directory. In-process servers are tests/helpers/test-app.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
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

export interface ServerProcess {
  name: string;
  origin: string;
  child: ChildProcess;
  /** What the process printed (the last `keepOutputChars` characters). */
  output(): string;
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  port: number;
  /** Over this process's environment; PORT, HOST and DATA_DIR are the launcher's. */
  env?: Record<string, string>;
  name?: string;
  /** The origin the server is reached at (PUBLIC_URL is the caller's to set); 127.0.0.1 by default. */
  origin?: string;
  nodeFlags?: readonly string[];
  keepOutputChars?: number;
  /** A data directory the caller prepared (a copy of a seeded template); a fresh one otherwise. Removed on stop. */
  dataDir?: string;
}

/** Starts the process and returns at once; waitUntilServing tells when it answers. */
export function spawnServer(opts: ServerProcessOptions): ServerProcess {
  const name = opts.name ?? 'server';
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), `server-${name}-`));
  const keep = opts.keepOutputChars ?? 1_000_000;
  let log = '';
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env, PORT: String(opts.port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (d: Buffer) => {
    log += d.toString();
    if (log.length > keep * 2) log = log.slice(-keep);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let stopped: Promise<void> | null = null;
  return {
    name,
    origin: opts.origin ?? `http://127.0.0.1:${opts.port}`,
    child,
    output: () => log.slice(-keep),
    stop: () =>
      (stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(timer);
        }
        rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
}

export async function waitUntilServing(p: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (p.child.exitCode !== null) throw new Error(`${p.name} exited early (${p.child.exitCode}):\n${p.output()}`);
    const ok = await fetch(`${p.origin}/api/config/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${p.name} did not answer in ${timeoutMs / 1000} s:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Spawns and waits until it answers; a process that does not start is stopped before the error is thrown. */
export async function startServerProcess(opts: ServerProcessOptions & { timeoutMs: number }): Promise<ServerProcess> {
  const p = spawnServer(opts);
  try {
    await waitUntilServing(p, opts.timeoutMs);
  } catch (e) {
    await p.stop();
    throw e;
  }
  return p;
}
