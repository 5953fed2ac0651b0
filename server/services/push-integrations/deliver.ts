// The outbound webhook: one HTTPS POST of a JSON body with the integration's headers. The certificate is verified
// against the system roots, plus the extra CA of PUSH_CA_FILE when given (a private receiver, the tests' receiver);
// verification is never switched off. No redirects are followed: a 3xx is an answer like any other non-2xx.
import https from 'node:https';
import { rootCertificates } from 'node:tls';

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
  return new https.Agent({ keepAlive: false, ...(options.extraCa ? { ca: [...rootCertificates, options.extraCa] } : {}) });
}

/** Posts the body; never throws: a network error or timeout comes back as the exception. */
export function postJson(agent: https.Agent, url: string, headers: readonly { key: string; value: string }[], body: string, timeoutMs: number): Promise<DeliveryResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: DeliveryResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(r);
    };
    const outgoing: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'emissions-console-push/1' };
    for (const h of headers) outgoing[h.key.toLowerCase()] = h.value;
    outgoing['content-length'] = String(Buffer.byteLength(body, 'utf8'));
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== 'https:') throw new Error('Only https URLs are delivered to');
    } catch (e) {
      // A URL that passed validation can still be refused here (the rule is checked again at delivery).
      resolve({ statusCode: null, responseBody: null, exception: e instanceof Error ? e.message : String(e) });
      return;
    }
    // One deadline for the whole exchange, so a receiver that answers a byte at a time cannot hold the worker.
    const deadline = setTimeout(() => {
      request.destroy(new Error(`The request timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const request = https.request(target, { method: 'POST', agent, headers: outgoing }, (response) => {
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
        finish({ statusCode: response.statusCode ?? null, responseBody: total > kept ? `${text}\n… (${total} bytes, the first ${kept} kept)` : text, exception: null });
      });
      response.on('error', (e) => finish({ statusCode: response.statusCode ?? null, responseBody: null, exception: e.message }));
    });
    request.on('error', (e) => finish({ statusCode: null, responseBody: null, exception: e.message }));
    request.end(body);
  });
}
