// The push deliverer's destination checks without a network: the literal-address and user-info checks, and the lookup
// that checks every resolved address and hands exactly the checked ones to the connection.
import type dns from 'node:dns';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { parseCidrList, UNREACHABLE_ADDRESS_MESSAGE, USERINFO_MESSAGE } from '@/domain/network-address';
import https from 'node:https';
import {
  checkedLookup,
  createAgent,
  DestinationRefusedError,
  postJson,
  urlProblem,
} from '../../server/services/push-integration/deliver';
import { makeLoopbackCertificate } from '../helpers/test-cert';

type Answer = { error: Error | null; address?: string | dns.LookupAddress[]; family?: number };
const fakeResolver = (addresses: dns.LookupAddress[]) =>
  ((_host: string, _options: unknown, cb: (e: NodeJS.ErrnoException | null, a: dns.LookupAddress[]) => void) =>
    cb(null, addresses)) as unknown as typeof dns.lookup;

function lookup(addresses: dns.LookupAddress[], all: boolean, allowed = ''): Promise<Answer> {
  return new Promise((resolve) => {
    checkedLookup(parseCidrList(allowed), fakeResolver(addresses))(
      'hooks.example.com',
      { all },
      (error: Error | null, address: string | dns.LookupAddress[], family?: number) =>
        resolve({ error, address, family }),
    );
  });
}

describe('push deliverer destination checks', () => {
  it.each([
    ['https://127.0.0.1/', `127.0.0.1: ${UNREACHABLE_ADDRESS_MESSAGE}`],
    ['https://0x7f000001/', `127.0.0.1: ${UNREACHABLE_ADDRESS_MESSAGE}`],
    ['https://2130706433/', `127.0.0.1: ${UNREACHABLE_ADDRESS_MESSAGE}`],
    ['https://169.254.169.254/', `169.254.169.254: ${UNREACHABLE_ADDRESS_MESSAGE}`],
    ['https://[::1]/', `[::1]: ${UNREACHABLE_ADDRESS_MESSAGE}`],
    ['https://[fd00::1]/', `[fd00::1]: ${UNREACHABLE_ADDRESS_MESSAGE}`],
    ['https://user@hooks.example.com/', USERINFO_MESSAGE],
    ['http://hooks.example.com/', 'Only https URLs are delivered to'],
  ])('refuses %s before connecting', (url, message) => expect(urlProblem(url, [])).toBe(message));

  it('lets names through to the lookup and allowed literals through', () => {
    expect(urlProblem('https://hooks.example.com/', [])).toBeNull();
    expect(urlProblem('https://127.0.0.1:8443/', parseCidrList('127.0.0.1/32'))).toBeNull();
  });

  it('refuses a name when any of its addresses is not reachable from the internet', async () => {
    const answer = await lookup(
      [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
      true,
    );
    expect(answer.error).toBeInstanceOf(DestinationRefusedError);
    expect(answer.error?.message).toBe(`hooks.example.com (10.0.0.7): ${UNREACHABLE_ADDRESS_MESSAGE}`);
    expect((await lookup([{ address: '::ffff:169.254.169.254', family: 6 }], false)).error?.message).toMatch(
      UNREACHABLE_ADDRESS_MESSAGE,
    );
    expect((await lookup([], true)).error).toBeInstanceOf(DestinationRefusedError);
  });

  it('hands the connection exactly the checked addresses', async () => {
    const public4 = { address: '93.184.215.14', family: 4 };
    const public6 = { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 };
    expect(await lookup([public4, public6], true)).toEqual({
      error: null,
      address: [public4, public6],
      family: undefined,
    });
    expect(await lookup([public6, public4], false)).toEqual({ error: null, address: public6.address, family: 6 });
    expect((await lookup([{ address: '10.1.2.3', family: 4 }], false, '10.1.0.0/16')).address).toBe('10.1.2.3');
  });

  it('records the refusal as the exception without sending anything', async () => {
    const agent = new https.Agent({ keepAlive: false });
    try {
      const result = await postJson(agent, 'https://[::ffff:7f00:1]:1/', [], '{}', 1000);
      expect(result).toEqual({
        statusCode: null,
        responseBody: null,
        exception: `[::ffff:7f00:1]: ${UNREACHABLE_ADDRESS_MESSAGE}`,
      });
    } finally {
      agent.destroy();
    }
  });

  it('connects a name to its checked address and keeps the name for SNI and Host', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'push-pin-'));
    const { key, cert } = makeLoopbackCertificate(dir, { commonName: 'localhost', subjectAltName: 'DNS:localhost' });
    const seen: { host?: string; servername?: string | false | null }[] = [];
    const server = https.createServer({ key, cert }, (req, res) => {
      seen.push({ host: req.headers.host, servername: (req.socket as TLSSocket).servername });
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const agent = createAgent({ extraCa: cert, timeoutMs: 5000 });
    try {
      const result = await postJson(
        agent,
        `https://localhost:${port}/in`,
        [],
        '{}',
        5000,
        parseCidrList('127.0.0.1/32,::1/128'),
      );
      expect(result).toEqual({ statusCode: 200, responseBody: 'ok', exception: null });
      // The certificate names only 'localhost': verification passing means the name, not the address, was checked.
      expect(seen).toEqual([{ host: `localhost:${port}`, servername: 'localhost' }]);
    } finally {
      agent.destroy();
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
