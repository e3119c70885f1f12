/** The Daraja stand-in over HTTP: OAuth, push validation, the simulated phone's callbacks, the query. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServedHandler } from '../http/serve.ts';
import { startDaraja, type RunningDaraja } from './index.ts';

const settings = {
  consumerKey: 'key',
  consumerSecret: 'secret',
  shortcode: '174379',
  passkey: 'pass',
  tokenSeconds: 3599,
};
const received: unknown[] = [];
let daraja: RunningDaraja;
let receiver: ServedHandler;
let waiters: Array<() => void> = [];

beforeAll(async () => {
  daraja = await startDaraja({ ...settings, port: 0, approveAfterMs: 100 });
  receiver = await serve(
    async (request) => {
      received.push(await request.json());
      for (const wake of waiters) wake();
      waiters = [];
      return Response.json({ ResultCode: 0, ResultDesc: 'Accepted' });
    },
    { port: 0, service: 'callback receiver', maxBodyBytes: 64 * 1024 },
  );
});
afterAll(async () => {
  await daraja?.stop();
  await receiver?.close();
});

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

async function token(): Promise<string> {
  const response = await fetch(`${daraja.url}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: basic('key', 'secret') },
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

const timestamp = '20261124103015';
const password = Buffer.from(`174379pass${timestamp}`).toString('base64');

function pushBody(phone: string, overrides: Record<string, unknown> = {}) {
  return {
    BusinessShortCode: 174379,
    Password: password,
    Timestamp: timestamp,
    TransactionType: 'CustomerPayBillOnline',
    Amount: 650,
    PartyA: phone,
    PartyB: 174379,
    PhoneNumber: phone,
    CallBackURL: `${receiver.url}/callback`,
    AccountReference: '2026-000123',
    TransactionDesc: 'Ascent order',
    ...overrides,
  };
}

async function post(path: string, body: unknown, bearer?: string): Promise<Response> {
  return fetch(`${daraja.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer ?? (await token())}` },
    body: JSON.stringify(body),
  });
}

function nextCallback(count: number): Promise<void> {
  if (received.length >= count) return Promise.resolve();
  return new Promise((resolve) =>
    waiters.push(() => (received.length >= count ? resolve() : void nextCallback(count).then(resolve))),
  );
}

describe('Daraja stand-in', () => {
  it('issues a token for the right consumer key and secret only', async () => {
    const ok = await fetch(`${daraja.url}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: basic('key', 'secret') },
    });
    expect(await ok.json()).toEqual({ access_token: expect.any(String), expires_in: '3599' });
    const wrong = await fetch(`${daraja.url}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: basic('key', 'nope') },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      errorCode: '400.008.01',
      errorMessage: 'Invalid Authentication passed',
    });
    const grant = await fetch(`${daraja.url}/oauth/v1/generate?grant_type=password`, {
      headers: { authorization: basic('key', 'secret') },
    });
    expect(await grant.json()).toMatchObject({ errorCode: '400.008.02' });
  });

  it('refuses a push without a valid token, and each invalid field by name', async () => {
    const noToken = await post('/mpesa/stkpush/v1/processrequest', pushBody('254712345678'), 'made-up');
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ Amount: 0 }, 'Invalid Amount'],
      [{ Amount: 10.5 }, 'Invalid Amount'],
      [{ PhoneNumber: '0712345678' }, 'Invalid PhoneNumber'],
      [{ Timestamp: '20261324103015' }, 'Invalid Timestamp'],
      [{ CallBackURL: 'not a url' }, 'Invalid CallBackURL'],
      [{ AccountReference: 'ASC-2026-000123' }, 'Invalid AccountReference'],
      [{ BusinessShortCode: 600000 }, 'Invalid BusinessShortCode'],
    ];
    for (const [change, message] of cases) {
      const response = await post('/mpesa/stkpush/v1/processrequest', pushBody('254712345678', change));
      expect(response.status, message).toBe(400);
      expect(await response.json()).toMatchObject({
        errorCode: '400.002.02',
        errorMessage: `Bad Request - ${message}`,
      });
    }
    const badPassword = await post('/mpesa/stkpush/v1/processrequest', pushBody('254712345678', { Password: 'eA==' }));
    expect(badPassword.status).toBe(500);
    expect(await badPassword.json()).toMatchObject({ errorMessage: 'Wrong credentials' });
  });

  it('approves a push, posts the documented success callback and answers the query', async () => {
    const before = received.length;
    const response = await post('/mpesa/stkpush/v1/processrequest', pushBody('254712345678'));
    const ack = (await response.json()) as {
      CheckoutRequestID: string;
      MerchantRequestID: string;
      ResponseCode: string;
    };
    expect(ack.ResponseCode).toBe('0');
    const early = await post('/mpesa/stkpushquery/v1/query', {
      BusinessShortCode: '174379',
      Password: password,
      Timestamp: timestamp,
      CheckoutRequestID: ack.CheckoutRequestID,
    });
    expect(early.status).toBe(500);
    expect(await early.json()).toMatchObject({ errorMessage: 'The transaction is being processed' });
    // A second push to the same phone while the first is open is refused, as Daraja does.
    const locked = await post('/mpesa/stkpush/v1/processrequest', pushBody('254712345678'));
    expect(await locked.json()).toMatchObject({ errorCode: '500.001.1001' });

    await nextCallback(before + 1);
    const callback = received[before] as { Body: { stkCallback: Record<string, unknown> } };
    expect(callback.Body.stkCallback).toMatchObject({
      MerchantRequestID: ack.MerchantRequestID,
      CheckoutRequestID: ack.CheckoutRequestID,
      ResultCode: 0,
      CallbackMetadata: {
        Item: expect.arrayContaining([
          { Name: 'Amount', Value: 650 },
          { Name: 'MpesaReceiptNumber', Value: expect.stringMatching(/^[A-Z0-9]{10}$/) },
          { Name: 'PhoneNumber', Value: 254712345678 },
        ]),
      },
    });
    const late = await post('/mpesa/stkpushquery/v1/query', {
      BusinessShortCode: '174379',
      Password: password,
      Timestamp: timestamp,
      CheckoutRequestID: ack.CheckoutRequestID,
    });
    expect(await late.json()).toMatchObject({ ResponseCode: '0', ResultCode: '0' });
  });

  it('posts each test number’s failure, without CallbackMetadata', async () => {
    for (const [phone, code] of [
      ['254700001032', 1032],
      ['254700000001', 1],
      ['254700002001', 2001],
      ['254700001037', 1037],
    ] as const) {
      const before = received.length;
      await post('/mpesa/stkpush/v1/processrequest', pushBody(phone));
      await nextCallback(before + 1);
      const { stkCallback } = (received[before] as { Body: { stkCallback: Record<string, unknown> } }).Body;
      expect(stkCallback.ResultCode, phone).toBe(code);
      expect(stkCallback).not.toHaveProperty('CallbackMetadata');
    }
  });

  it('counts the tokens it issued', async () => {
    const before = ((await (await fetch(`${daraja.url}/local/counters`)).json()) as { tokensIssued: number })
      .tokensIssued;
    await token();
    expect(daraja.counters.tokensIssued).toBe(before + 1);
  });
});
