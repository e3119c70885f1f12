/**
 * Daraja's routes: OAuth generate, STK push processrequest, STK push query, plus the stand-in's counters.
 * A four-entry table, not Hono: Daraja answers another method (HEAD included) with its own 405 body,
 * where Hono would answer 404 and run the GET route for HEAD.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  darajaError,
  invalidField,
  invalidToken,
  stillProcessing,
  subscriberLocked,
  wrongCredentials,
  notFound,
} from './errors.ts';
import type { Phones } from './transactions.ts';
import { isTimestamp, validatePush, type Body } from './validate.ts';

export interface DarajaSettings {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** Lifetime of an access token (Daraja: 3599 s). */
  tokenSeconds: number;
}

export interface Counters {
  tokensIssued: number;
  pushes: number;
  queries: number;
}

const same = (a: string, b: string): boolean => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

export function createDarajaHandler(
  settings: DarajaSettings,
  phones: Phones,
  now: () => number = Date.now,
): { handle(request: Request): Promise<Response>; counters: Counters } {
  const tokens = new Map<string, number>();
  const counters: Counters = { tokensIssued: 0, pushes: 0, queries: 0 };

  function generate(request: Request, url: URL): Response {
    if (url.searchParams.get('grant_type') !== 'client_credentials')
      return darajaError(400, '400.008.02', 'Invalid grant type passed');
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(request.headers.get('authorization') ?? '');
    const [key, ...secret] = Buffer.from(match?.[1] ?? '', 'base64')
      .toString('utf8')
      .split(':');
    if (!match || !same(key ?? '', settings.consumerKey) || !same(secret.join(':'), settings.consumerSecret))
      return darajaError(400, '400.008.01', 'Invalid Authentication passed');
    const token = randomBytes(21).toString('base64url');
    tokens.set(token, now() + settings.tokenSeconds * 1000);
    counters.tokensIssued += 1;
    // Daraja sends expires_in as a string.
    return Response.json({ access_token: token, expires_in: String(settings.tokenSeconds) });
  }

  function authorised(request: Request): boolean {
    const token = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
    const expires = token === undefined ? undefined : tokens.get(token);
    return expires !== undefined && expires > now();
  }

  async function body(request: Request): Promise<Body | undefined> {
    try {
      const parsed: unknown = await request.json();
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Body) : undefined;
    } catch {
      return undefined;
    }
  }

  const expectedPassword = (timestamp: string) =>
    Buffer.from(`${settings.shortcode}${settings.passkey}${timestamp}`).toString('base64');

  async function processRequest(request: Request): Promise<Response> {
    if (!authorised(request)) return invalidToken();
    const parsed = await body(request);
    if (!parsed) return darajaError(400, '400.002.05', 'Invalid Request Payload');
    const push = validatePush(parsed, settings.shortcode);
    if ('field' in push) return invalidField(push.field);
    if (!same(push.password, expectedPassword(push.timestamp))) return wrongCredentials();
    const t = phones.push(push);
    if (!t) return subscriberLocked();
    counters.pushes += 1;
    return Response.json({
      MerchantRequestID: t.merchantRequestId,
      CheckoutRequestID: t.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
  }

  async function query(request: Request): Promise<Response> {
    if (!authorised(request)) return invalidToken();
    const parsed = await body(request);
    if (!parsed) return darajaError(400, '400.002.05', 'Invalid Request Payload');
    if (String(parsed.BusinessShortCode) !== settings.shortcode) return invalidField('BusinessShortCode');
    if (!isTimestamp(parsed.Timestamp)) return invalidField('Timestamp');
    if (typeof parsed.Password !== 'string' || !same(parsed.Password, expectedPassword(parsed.Timestamp)))
      return wrongCredentials();
    const t = typeof parsed.CheckoutRequestID === 'string' ? phones.find(parsed.CheckoutRequestID) : undefined;
    if (!t) return invalidField('CheckoutRequestID');
    counters.queries += 1;
    if (!t.settled) return stillProcessing();
    return Response.json({
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: t.merchantRequestId,
      CheckoutRequestID: t.checkoutRequestId,
      ResultCode: String(t.outcome.resultCode),
      ResultDesc: t.outcome.resultDesc,
    });
  }

  const routes: Record<string, { method: string; run(request: Request, url: URL): Response | Promise<Response> }> = {
    '/oauth/v1/generate': { method: 'GET', run: generate },
    '/mpesa/stkpush/v1/processrequest': { method: 'POST', run: processRequest },
    '/mpesa/stkpushquery/v1/query': { method: 'POST', run: query },
    // Not Daraja: what tests read to see how often the client asked for a token.
    '/local/counters': { method: 'GET', run: () => Response.json(counters) },
  };

  return {
    counters,
    async handle(request) {
      const url = new URL(request.url);
      const route = routes[url.pathname];
      if (!route) return notFound();
      if (request.method !== route.method)
        return darajaError(405, '405.001.01', `Method ${request.method} not allowed`);
      return route.run(request, url);
    },
  };
}
