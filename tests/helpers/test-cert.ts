// A self-signed certificate made per test run (for 127.0.0.1 unless told), for HTTPS receivers that our push client
// must trust.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Writes key.pem and cert.pem into `dir` (openssl) and returns both as PEM text. */
export function makeLoopbackCertificate(
  dir: string,
  name = { commonName: 'push-receiver', subjectAltName: 'IP:127.0.0.1' },
): { key: string; cert: string } {
  const keyPath = path.join(dir, 'key.pem');
  const certPath = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '1',
      '-subj',
      `/CN=${name.commonName}`,
      '-addext',
      `subjectAltName=${name.subjectAltName}`,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8') };
}
