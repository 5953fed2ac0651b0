// The SSRF classifier (src/domain/network-address.ts): every notation and range the push deliverer and the form refuse.
import { describe, expect, it } from 'vitest';
import {
  classifyAddress,
  destinationProblem,
  inCidr,
  isAllowedAddress,
  parseAddress,
  parseCidr,
  parseCidrList,
  parseIpv4,
  parseIpv6,
  UNREACHABLE_ADDRESS_MESSAGE,
  USERINFO_MESSAGE,
} from '@/domain/network-address';

describe('IPv4 notations', () => {
  it.each([
    ['127.0.0.1', [127, 0, 0, 1]],
    ['127.1', [127, 0, 0, 1]],
    ['127.0.1', [127, 0, 0, 1]],
    ['2130706433', [127, 0, 0, 1]],
    ['0x7f000001', [127, 0, 0, 1]],
    ['0X7F.1', [127, 0, 0, 1]],
    ['0177.0.0.1', [127, 0, 0, 1]],
    ['017700000001', [127, 0, 0, 1]],
    ['0xa.0.0.1', [10, 0, 0, 1]],
    ['0', [0, 0, 0, 0]],
  ])('%s', (text, bytes) => expect(parseIpv4(text)).toEqual(bytes));
  it.each(['256.0.0.1', '1.2.3.4.5', '4294967296', '08.0.0.1', 'hooks.example.com', '', '1..2'])('refuses %s', (text) =>
    expect(parseIpv4(text)).toBeNull(),
  );
});

describe('IPv6 notations', () => {
  it('parses compressed, full, bracketed and dotted-tail forms', () => {
    expect(parseIpv6('::1')).toEqual([...Array<number>(15).fill(0), 1]);
    expect(parseIpv6('[::1]')).toEqual(parseIpv6('0:0:0:0:0:0:0:1'));
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual(parseIpv6('::ffff:7f00:1'));
    expect(parseIpv6('::')).toEqual(Array<number>(16).fill(0));
    expect(parseIpv6('2001:db8::8a2e:370:7334')).toEqual([
      0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0x8a, 0x2e, 0x03, 0x70, 0x73, 0x34,
    ]);
  });
  it.each(['1:2:3:4:5:6:7:8:9', '1::2::3', 'fe80::1%eth0', '::ffff:300.0.0.1', '12345::', 'g::1', '1:2:3'])(
    'refuses %s',
    (text) => expect(parseIpv6(text)).toBeNull(),
  );
});

describe('classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['2002:c0a8:0101::1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
  ])('%s is %s', (text, kind) => expect(classifyAddress(text)).toBe(kind));
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.255.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
    '2606:4700:4700::1111',
  ])('%s is public', (text) => {
    expect(classifyAddress(text)).toBe('public');
  });
  it('answers null for host names', () => expect(classifyAddress('hooks.example.com')).toBeNull());
});

describe('allowed CIDRs', () => {
  it('parses lists and refuses malformed entries', () => {
    expect(parseCidrList('10.1.0.0/16, fd00::/8,127.0.0.1').map((c) => c.bits)).toEqual([16, 8, 32]);
    expect(parseCidrList('')).toEqual([]);
    expect(() => parseCidrList('10.0.0.0/33')).toThrow(/not a CIDR/);
    expect(() => parseCidrList('0x7f000001/32')).toThrow(/not a CIDR/);
    expect(parseCidr('::1/129')).toBeNull();
  });
  it('allows a private address only inside a named CIDR, mapped IPv6 included', () => {
    const allowed = parseCidrList('10.1.0.0/16');
    expect(isAllowedAddress(parseAddress('10.1.2.3')!, allowed)).toBe(true);
    expect(isAllowedAddress(parseAddress('::ffff:10.1.2.3')!, allowed)).toBe(true);
    expect(isAllowedAddress(parseAddress('10.2.0.1')!, allowed)).toBe(false);
    expect(isAllowedAddress(parseAddress('8.8.8.8')!, [])).toBe(true);
    expect(inCidr(parseAddress('fd00::5')!, parseCidr('fd00::/8')!)).toBe(true);
  });
});

describe('destinationProblem (URL on save and in the form)', () => {
  it.each([
    'https://127.0.0.1/',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/',
    'https://10.0.0.1/',
    'https://0x7f000001/',
    'https://2130706433/',
    'https://127.1/',
    'https://0177.0.0.1/',
    'https://[::ffff:127.0.0.1]/',
    'https://[fe80::1]/',
    'https://localhost/',
    'https://api.localhost:8443/',
    'https://0.0.0.0/',
  ])('refuses %s', (url) => expect(destinationProblem(url)).toBe(UNREACHABLE_ADDRESS_MESSAGE));
  it('refuses user info', () => {
    expect(destinationProblem('https://user@hooks.example.com/')).toBe(USERINFO_MESSAGE);
    expect(destinationProblem('https://user:secret@8.8.8.8/')).toBe(USERINFO_MESSAGE);
  });
  it('accepts public addresses and names (names are checked again when resolved)', () => {
    expect(destinationProblem('https://hooks.example.com/in')).toBeNull();
    expect(destinationProblem('https://8.8.8.8/')).toBeNull();
  });
  it('accepts an allowed private receiver', () => {
    expect(destinationProblem('https://127.0.0.1:8443/', parseCidrList('127.0.0.1/32'))).toBeNull();
    expect(destinationProblem('https://localhost:8443/', parseCidrList('127.0.0.1/32'))).toBeNull();
    expect(destinationProblem('https://10.0.0.1/', parseCidrList('127.0.0.1/32'))).toBe(UNREACHABLE_ADDRESS_MESSAGE);
  });
});
