// When a harness call gets no HTTP answer, the failure says why (the network cause under undici's bare 'fetch failed')
// and what became of the console process (running, exited with a code, killed) with the tail of its output.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConsoleApi, consoleState, networkFailure, StepError } from '../../bench/science/console';

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const address = srv.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((r) => srv.close(r));
  return port;
}

describe('console state', () => {
  it('tells a running console from one that exited or was killed, with the tail of its output', () => {
    const out = `${'x'.repeat(10_000)}\nFATAL ERROR: Reached heap limit`;
    const exited = consoleState({ pid: 7, exitCode: 134, signalCode: null }, out);
    expect(exited).toContain('exited with code 134');
    expect(exited).toContain('FATAL ERROR: Reached heap limit');
    expect(exited.length).toBeLessThan(4200);
    expect(consoleState({ pid: 7, exitCode: null, signalCode: 'SIGKILL' }, '')).toContain('killed by SIGKILL');
    expect(consoleState({ pid: 7, exitCode: null, signalCode: null }, 'listening')).toContain(
      '(pid 7) is still running',
    );
  });
});

describe('calls that get no answer', () => {
  it('name the network cause under fetch failed', async () => {
    const port = await closedPort();
    const failure = await fetch(`http://127.0.0.1:${port}/`).then(
      () => null,
      (e: unknown) => e,
    );
    const text = networkFailure(failure);
    expect(text).toMatch(/^fetch failed ← /);
    expect(text).toContain('(ECONNREFUSED)');
  });

  it('fail the step with the cause and the console state', async () => {
    const port = await closedPort();
    const api = new ConsoleApi(
      `http://127.0.0.1:${port}`,
      `http://127.0.0.1:${port}/api`,
      () => 'the console process exited with code 1; its last output:\nboom',
    );
    const failure = await api.must('create site', 'POST', '/api/site/siteEdit/', { body: {} }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(StepError);
    const message = (failure as StepError).message;
    expect(message).toContain("step 'create site' failed");
    expect(message).toContain('ECONNREFUSED');
    expect(message).toContain('exited with code 1; its last output:\nboom');
  });
});
