/** Calls Daraja (or the local stand-in: same routes, other host): OAuth token, STK push, STK query. */
import { Buffer } from 'node:buffer';
import { z } from 'zod';
import { darajaPassword, darajaTimestamp } from './password.ts';
import { createTokenCache, type TokenCache } from './token-cache.ts';

export interface DarajaConfig {
  /** https://sandbox.safaricom.co.ke, https://api.safaricom.co.ke or the local stand-in. */
  apiUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
}

export class DarajaError extends Error {
  readonly status: number;
  readonly errorCode: string | null;
  constructor(status: number, errorCode: string | null, message: string) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
  }
}

const tokenReply = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
const errorReply = z.object({ errorCode: z.string(), errorMessage: z.string() });
const pushReply = z.object({
  MerchantRequestID: z.string().min(1),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: z.string(),
  ResponseDescription: z.string(),
  CustomerMessage: z.string().optional(),
});
const queryReply = z.object({
  ResponseCode: z.string(),
  ResultCode: z.coerce.number().int(),
  ResultDesc: z.string(),
});

export type QueryResult = { state: 'processing' } | { state: 'final'; resultCode: number; resultDesc: string };

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new DarajaError(response.status, null, `Daraja answered ${response.status} with a body that is not JSON`);
  }
}

function failure(status: number, body: unknown): DarajaError {
  const parsed = errorReply.safeParse(body);
  return parsed.success
    ? new DarajaError(status, parsed.data.errorCode, parsed.data.errorMessage)
    : new DarajaError(status, null, `Daraja answered ${status}`);
}

export interface DarajaClient {
  push(input: {
    amount: number;
    phone: string;
    callbackUrl: string;
    accountReference: string;
    description: string;
  }): Promise<{
    merchantRequestId: string;
    checkoutRequestId: string;
  }>;
  query(checkoutRequestId: string): Promise<QueryResult>;
}

export function createDarajaClient(config: DarajaConfig, fetchImpl: typeof fetch = fetch): DarajaClient {
  const base = config.apiUrl.replace(/\/+$/, '');
  const tokens: TokenCache = createTokenCache(async () => {
    const basic = Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString('base64');
    const response = await fetchImpl(`${base}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: `Basic ${basic}` },
      signal: AbortSignal.timeout(15_000),
    });
    const body = await readJson(response);
    const parsed = tokenReply.safeParse(body);
    if (!response.ok || !parsed.success) throw failure(response.status, body);
    return { token: parsed.data.access_token, expiresInSeconds: parsed.data.expires_in };
  });

  /** POSTs with the cached token; a refused token (expired early, revoked) is replaced once. */
  async function post(path: string, payload: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await tokens.get();
      const response = await fetchImpl(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(30_000),
      });
      const body = await readJson(response);
      if (response.status === 401 && attempt === 0) {
        tokens.drop(token);
        continue;
      }
      return { status: response.status, body };
    }
  }

  function secured(): Record<string, string> {
    const timestamp = darajaTimestamp();
    return {
      BusinessShortCode: config.shortcode,
      Password: darajaPassword(config.shortcode, config.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  return {
    async push(input) {
      const { status, body } = await post('/mpesa/stkpush/v1/processrequest', {
        ...secured(),
        TransactionType: 'CustomerPayBillOnline',
        Amount: input.amount,
        PartyA: input.phone,
        PartyB: config.shortcode,
        PhoneNumber: input.phone,
        CallBackURL: input.callbackUrl,
        AccountReference: input.accountReference,
        TransactionDesc: input.description,
      });
      const parsed = pushReply.safeParse(body);
      if (status !== 200 || !parsed.success || parsed.data.ResponseCode !== '0') throw failure(status, body);
      return { merchantRequestId: parsed.data.MerchantRequestID, checkoutRequestId: parsed.data.CheckoutRequestID };
    },
    async query(checkoutRequestId) {
      const { status, body } = await post('/mpesa/stkpushquery/v1/query', {
        ...secured(),
        CheckoutRequestID: checkoutRequestId,
      });
      const parsed = queryReply.safeParse(body);
      if (status === 200 && parsed.success) {
        return { state: 'final', resultCode: parsed.data.ResultCode, resultDesc: parsed.data.ResultDesc };
      }
      const error = failure(status, body);
      // Daraja's answer while the customer has not yet answered the prompt.
      if (/being processed/i.test(error.message)) return { state: 'processing' };
      throw error;
    },
  };
}
