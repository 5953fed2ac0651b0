// The outbound webhook: one HTTPS POST of a JSON body with the integration's headers. The certificate is verified
// against the system roots, plus the extra CA of PUSH_CA_FILE when given (a private receiver, the tests' receiver);
// verification is never switched off. No redirects are followed: a 3xx is a failure.
// Server-side request forgery: the host is resolved here (every address), the request refused when any address is
// loopback, private, link-local, ... (src/domain/network-address.ts) unless inside PUSH_ALLOW_CIDRS, and the socket
// connects to the addresses that were checked (the lookup hands them to the connection; SNI and Host stay the name),
// so a second DNS answer cannot swap in another address.
import dns from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { headerKeyProblem } from '@/domain/integration';
import {
  isAllowedAddress,
  parseAddress,
  UNREACHABLE_ADDRESS_MESSAGE,
  USERINFO_MESSAGE,
  type Cidr,
} from '@/domain/network-address';

/** Response bodies are kept up to this size for the execution history. */
export const RESPONSE_KEEP_BYTES = 64 * 1024;

export interface DeliveryOptions {
  /** Extra trusted CA certificates (PEM), added to the system roots. */
  extraCa: string | null;
  timeoutMs: number;
}

export interface DeliveryResult {
  statusCode: number | null;
  responseBody: string | null;
  exception: string | null;
}

export function createAgent(options: DeliveryOptions): https.Agent {
  return new https.Agent({
    keepAlive: false,
    ...(options.extraCa ? { ca: [...rootCertificates, options.extraCa] } : {}),
  });
}

/** Why the deliverer refused a destination; the message is kept in the execution history. */
export class DestinationRefusedError extends Error {}

const refusal = (host: string, address: string) =>
  new DestinationRefusedError(`${host} (${address}): ${UNREACHABLE_ADDRESS_MESSAGE}`);

/**
 * dns.lookup that answers only addresses delivery may reach: every address the name resolves to is checked, and the
 * connection is given exactly those (the caller's 'all' or single-address form).
 */
export function checkedLookup(allowed: readonly Cidr[], resolve: typeof dns.lookup = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0) return callback(new DestinationRefusedError(`${hostname} has no address`), '', 4);
      for (const a of list) {
        const bytes = parseAddress(a.address);
        if (!bytes || !isAllowedAddress(bytes, allowed)) return callback(refusal(hostname, a.address), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, addresses: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The checks that need no DNS: https, no user info, a literal address allowed (the lookup is skipped for those). */
export function urlProblem(url: string, allowed: readonly Cidr[]): string | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'The URL is not valid';
  }
  if (target.protocol !== 'https:') return 'Only https URLs are delivered to';
  if (target.username !== '' || target.password !== '') return USERINFO_MESSAGE;
  const literal = parseAddress(target.hostname);
  if (literal && !isAllowedAddress(literal, allowed)) return `${target.hostname}: ${UNREACHABLE_ADDRESS_MESSAGE}`;
  return null;
}

/** Posts the body; never throws: a network error, timeout or refused destination comes back as the exception. */
export function postJson(
  agent: https.Agent,
  url: string,
  headers: readonly { key: string; value: string }[],
  body: string,
  timeoutMs: number,
  allowed: readonly Cidr[] = [],
): Promise<DeliveryResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: DeliveryResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(r);
    };
    const outgoing: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'emissions-console-push/1',
    };
    // Rows saved before the header rules existed are filtered here too.
    for (const h of headers) if (headerKeyProblem(h.key) === null) outgoing[h.key.toLowerCase()] = h.value;
    outgoing['content-length'] = String(Buffer.byteLength(body, 'utf8'));
    // A URL that passed validation can still be refused here (the rules are checked again at delivery).
    const problem = urlProblem(url, allowed);
    if (problem) {
      resolve({ statusCode: null, responseBody: null, exception: problem });
      return;
    }
    const target = new URL(url);
    // One deadline for the whole exchange, so a receiver that answers a byte at a time cannot hold the worker.
    const deadline = setTimeout(() => {
      request.destroy(new Error(`The request timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const request = https.request(
      target,
      { method: 'POST', agent, headers: outgoing, lookup: checkedLookup(allowed) },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        let total = 0;
        response.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (kept < RESPONSE_KEEP_BYTES) {
            const part = chunk.subarray(0, RESPONSE_KEEP_BYTES - kept);
            chunks.push(part);
            kept += part.length;
          }
        });
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? null;
          // A redirect could point anywhere (an internal address included): it is never followed.
          const redirected =
            status !== null && status >= 300 && status < 400
              ? `The receiver answered a redirect (${status}${response.headers.location ? ` to ${response.headers.location}` : ''}), which is not followed`
              : null;
          finish({
            statusCode: status,
            responseBody: total > kept ? `${text}\n… (${total} bytes, the first ${kept} kept)` : text,
            exception: redirected,
          });
        });
        response.on('error', (e) =>
          finish({ statusCode: response.statusCode ?? null, responseBody: null, exception: e.message }),
        );
      },
    );
    request.on('error', (e) => finish({ statusCode: null, responseBody: null, exception: e.message }));
    request.end(body);
  });
}
