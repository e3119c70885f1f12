/**
 * The security headers every response of the website carries, whatever produced it (a page, route
 * data, a static file, an error): no MIME sniffing, no framing, a referrer cut to the origin across
 * sites, powerful browser features off, and HSTS when the response travels over HTTPS. The
 * Content-Security-Policy of HTML pages is set per render, with its nonce, by entry.server.tsx.
 */

/** Features the site never uses, switched off for it and for anything it embeds. */
const disabledFeatures = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

export const permissionsPolicy = disabledFeatures.map((feature) => `${feature}=()`).join(', ');

/** Two years, subdomains included: what browsers' preload lists ask for. */
export const strictTransportSecurity = 'max-age=63072000; includeSubDomains';

export interface Transport {
  /** The visitor's connection is HTTPS (TLS here, or a trusted proxy says so). */
  https: boolean;
}

/**
 * True when the request reached us over TLS, or through a proxy we trust that says the visitor used
 * HTTPS (its `X-Forwarded-Proto`; a header from anyone else proves nothing).
 */
export function servedOverHttps(request: Request, trustProxy: boolean): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  if (!trustProxy) return false;
  // A chain of proxies appends: the first value is what the visitor's connection was.
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https';
}

/** The headers as name/value pairs: for answers written straight to a Node response (the request guard's). */
export function securityHeaders(transport: Transport): [string, string][] {
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', permissionsPolicy],
  ];
  if (transport.https) headers.push(['Strict-Transport-Security', strictTransportSecurity]);
  return headers;
}

/** Adds the headers to `headers` (a header the response set itself is kept), and returns them. */
export function addSecurityHeaders(headers: Headers, transport: Transport): Headers {
  for (const [name, value] of securityHeaders(transport)) if (!headers.has(name)) headers.set(name, value);
  return headers;
}

/** The response with the headers added; a response whose headers are read-only is copied first. */
export function withSecurityHeaders(response: Response, transport: Transport): Response {
  try {
    addSecurityHeaders(response.headers, transport);
    return response;
  } catch {
    // Headers of a fetched Response are immutable: copy them.
    const headers = addSecurityHeaders(new Headers(response.headers), transport);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
