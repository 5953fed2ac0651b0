// Which network addresses an outbound webhook may reach (server-side request forgery). One classifier for the Push API
// form (literal hosts in the URL) and for the push deliverer (every address a host name resolves to): loopback,
// private, shared (CGNAT), link-local, unique-local, multicast, unspecified, broadcast and reserved addresses are
// refused, in IPv4, IPv6 and the IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4), and IPv4 in every
// notation inet_aton accepts (127.1, 2130706433, 0x7f000001, 0177.0.0.1). An operator may allow named CIDRs for a
// private receiver.

export const UNREACHABLE_ADDRESS_MESSAGE = 'This address is not reachable from the internet';
export const USERINFO_MESSAGE = 'The URL cannot contain a user name or password; send credentials in a header';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'reserved';

/** An address as bytes: 4 for IPv4, 16 for IPv6. */
export type AddressBytes = readonly number[];

/** One IPv4 part in inet_aton notation: decimal, octal (leading 0) or hex (0x). */
function ipv4Part(text: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(text)) return text.length === 2 ? 0 : parseInt(text.slice(2), 16);
  if (/^0[0-7]*$/.test(text)) return parseInt(text, 8);
  if (/^[1-9][0-9]*$/.test(text)) return Number(text);
  return null;
}

/** IPv4 in any notation inet_aton accepts (a, a.b, a.b.c, a.b.c.d), or null. */
export function parseIpv4(text: string): AddressBytes | null {
  const parts = text.split('.');
  if (parts.length < 1 || parts.length > 4 || text.length > 64) return null;
  const values = parts.map(ipv4Part);
  if (values.some((v) => v === null || !Number.isFinite(v))) return null;
  const nums = values as number[];
  const last = nums[nums.length - 1]!;
  const head = nums.slice(0, -1);
  if (head.some((v) => v > 255)) return null;
  // The last part fills the bytes the others left.
  const lastBytes = 4 - head.length;
  if (last >= 2 ** (8 * lastBytes)) return null;
  const tail: number[] = [];
  for (let i = lastBytes - 1; i >= 0; i--) tail.push(Math.floor(last / 2 ** (8 * i)) % 256);
  return [...head, ...tail];
}

/** IPv6 (with '::' and an optional dotted IPv4 tail; brackets allowed, zone ids refused), or null. */
export function parseIpv6(input: string): AddressBytes | null {
  let text = input;
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (!text.includes(':') || text.length > 64 || text.includes('%')) return null;
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes its two hex groups.
  const lastColon = text.lastIndexOf(':');
  const maybeV4 = text.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(maybeV4)) return null;
    const v4 = maybeV4.split('.').map(Number);
    if (v4.some((x) => x > 255)) return null;
    text = `${text.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...left, ...right].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  const known = left.length + right.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const words = [
    ...left.map((g) => parseInt(g, 16)),
    ...Array<number>(8 - known).fill(0),
    ...right.map((g) => parseInt(g, 16)),
  ];
  return words.flatMap((w) => [w >> 8, w & 255]);
}

/** A literal address in either family (IPv4 in any inet_aton notation), or null for a host name. */
export function parseAddress(text: string): AddressBytes | null {
  return parseIpv6(text) ?? parseIpv4(text);
}

const startsWith = (bytes: AddressBytes, prefix: readonly number[], bits: number) => {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if ((bytes[byte]! & mask) !== (prefix[byte]! & mask)) return false;
  }
  return true;
};

function classifyIpv4(b: AddressBytes): AddressClass {
  const [a, c] = [b[0]!, b[1]!];
  if (b.every((x) => x === 255)) return 'broadcast';
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && c >= 16 && c <= 31) || (a === 192 && c === 168)) return 'private';
  if (a === 100 && c >= 64 && c <= 127) return 'shared';
  if (a === 169 && c === 254) return 'link-local';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  // IETF protocol assignments, documentation (TEST-NET-1..3) and benchmarking: never a real receiver.
  if (
    (a === 192 && c === 0 && (b[2] === 0 || b[2] === 2)) ||
    (a === 198 && (c === 18 || c === 19)) ||
    (a === 198 && c === 51 && b[2] === 100) ||
    (a === 203 && c === 0 && b[2] === 113)
  ) {
    return 'reserved';
  }
  return 'public';
}

function classifyIpv6(b: AddressBytes): AddressClass {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zero(0, 16)) return 'unspecified';
  if (zero(0, 15) && b[15] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach the embedded IPv4 address.
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return classifyIpv4(b.slice(12));
  if (startsWith(b, [0, 0x64, 0xff, 0x9b], 32) && zero(4, 12)) return classifyIpv4(b.slice(12));
  // 6to4 carries the IPv4 address in bits 16..48.
  if (b[0] === 0x20 && b[1] === 0x02) return classifyIpv4(b.slice(2, 6));
  if (zero(0, 12)) return 'reserved'; // deprecated IPv4-compatible ::a.b.c.d
  if (startsWith(b, [0xfe, 0x80], 10)) return 'link-local';
  if (startsWith(b, [0xfe, 0xc0], 10)) return 'private'; // deprecated site-local
  if (startsWith(b, [0xfc], 7)) return 'unique-local';
  if (b[0] === 0xff) return 'multicast';
  // NAT64 local use, discard-only, Teredo, documentation, ORCHID: not a receiver on the internet.
  if (
    startsWith(b, [0, 0x64, 0xff, 0x9b, 0, 1], 48) ||
    (startsWith(b, [1, 0], 16) && zero(2, 8)) ||
    startsWith(b, [0x20, 0x01, 0, 0], 32) ||
    startsWith(b, [0x20, 0x01, 0x0d, 0xb8], 32) ||
    startsWith(b, [0x20, 0x01, 0, 0x10], 28)
  ) {
    return 'reserved';
  }
  // Only global unicast (2000::/3) is reachable; everything else is unassigned.
  return (b[0]! & 0xe0) === 0x20 ? 'public' : 'reserved';
}

export function classifyBytes(bytes: AddressBytes): AddressClass {
  return bytes.length === 4 ? classifyIpv4(bytes) : classifyIpv6(bytes);
}

/** The class of a literal address, or null when the text is not one. */
export function classifyAddress(text: string): AddressClass | null {
  const bytes = parseAddress(text);
  return bytes ? classifyBytes(bytes) : null;
}

export interface Cidr {
  bytes: AddressBytes;
  bits: number;
  text: string;
}

/** 'a.b.c.d/n' or 'v6/n' (a bare address is a /32 or /128); null when malformed. */
export function parseCidr(text: string): Cidr | null {
  const [addr, len, extra] = text.trim().split('/');
  if (extra !== undefined || !addr) return null;
  // Only the usual dotted form for IPv4 here: a configuration value should be unambiguous.
  const bytes = addr.includes(':') ? parseIpv6(addr) : /^\d{1,3}(\.\d{1,3}){3}$/.test(addr) ? parseIpv4(addr) : null;
  if (!bytes) return null;
  const max = bytes.length * 8;
  const bits = len === undefined ? max : /^\d{1,3}$/.test(len) ? Number(len) : NaN;
  if (!Number.isInteger(bits) || bits < 0 || bits > max) return null;
  return { bytes, bits, text: text.trim() };
}

/** Parses a comma-separated list of CIDRs; throws naming the first malformed one. */
export function parseCidrList(text: string | undefined): Cidr[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const c = parseCidr(s);
      if (!c) throw new Error(`'${s}' is not a CIDR (such as 10.1.0.0/16 or fd00::/8)`);
      return c;
    });
}

/** IPv4-mapped IPv6 is compared as the IPv4 address it carries. */
const canonical = (b: AddressBytes): AddressBytes =>
  b.length === 16 && b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff ? b.slice(12) : b;

export function inCidr(bytes: AddressBytes, cidr: Cidr): boolean {
  const b = canonical(bytes);
  return b.length === cidr.bytes.length && startsWith(b, cidr.bytes, cidr.bits);
}

/** True when a webhook may be delivered to this address: public, or inside a CIDR the operator allowed. */
export function isAllowedAddress(bytes: AddressBytes, allowed: readonly Cidr[]): boolean {
  return classifyBytes(bytes) === 'public' || allowed.some((c) => inCidr(bytes, c));
}

/** Names that always mean this machine (RFC 6761), refused without asking DNS. */
const isLocalName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/**
 * Why a webhook URL may not be used, from the URL alone (no DNS): user info, a literal address that is not public and
 * not allowed, or a localhost name. Null when it may be saved; the deliverer checks resolved addresses again.
 */
export function destinationProblem(url: string, allowed: readonly Cidr[] = []): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null; // the URL rule reports a malformed URL
  }
  if (parsed.username !== '' || parsed.password !== '') return USERINFO_MESSAGE;
  // WHATWG URL already turns 0x7f000001, 2130706433 and 127.1 into 127.0.0.1; parseAddress covers the rest.
  const host = parsed.hostname;
  const bytes = parseAddress(host);
  if (bytes) return isAllowedAddress(bytes, allowed) ? null : UNREACHABLE_ADDRESS_MESSAGE;
  if (isLocalName(host))
    return allowed.some((c) => inCidr([127, 0, 0, 1], c) || inCidr([...Array<number>(15).fill(0), 1], c))
      ? null
      : UNREACHABLE_ADDRESS_MESSAGE;
  return null;
}
