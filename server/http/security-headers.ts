// Security headers for every answer: a strict CSP (no inline scripts) and framing only from configured organizations.
export interface CspOptions {
  /** Origins besides our own that the browser talks to (an external identity provider). */
  connectOrigins: string[];
  /** Values of organizations' cspFrameAncestorDomain; empty means only our own origin may frame us. */
  frameAncestors: string[];
}

const FRAME_ANCESTOR = /^(https?:\/\/)?(\*\.)?[a-z0-9.-]+(:\d+)?$/i;

export function buildCsp({ connectOrigins, frameAncestors }: CspOptions): string {
  const ancestors = frameAncestors.map((d) => d.trim()).filter((d) => FRAME_ANCESTOR.test(d));
  const connect = ["'self'", ...connectOrigins];
  return [
    "default-src 'self'",
    // wasm needs 'wasm-unsafe-eval'; no 'unsafe-inline' scripts anywhere.
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    // Map and chart libraries set inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-src 'self' ${connectOrigins.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${connectOrigins.join(' ')}`.trim(),
    `frame-ancestors 'self'${ancestors.length ? ' ' + ancestors.join(' ') : ''}`,
  ].join('; ');
}

export const staticSecurityHeaders: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  // The install wizard scans QR codes with the camera and finds the nearest site by location.
  'permissions-policy': 'camera=(self), microphone=(), geolocation=(self)',
};
