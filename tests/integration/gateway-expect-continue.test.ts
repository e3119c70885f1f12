/**
 * `Expect: 100-continue` on a /rest/v1 POST through the gateway (curl sends it for bodies over
 * 1 KB): the client gets `100 Continue`, then PostgREST's own answer, the same as without the
 * header (it was a 502 from the gateway).
 */
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../../local/http/test-client.ts';
import { stackInfo } from './stack-info.ts';

const stack = stackInfo();

describe('Expect: 100-continue through the gateway', () => {
  it('answers a REST POST as PostgREST does without the header', async () => {
    const body = JSON.stringify({ token: `no-such-order-${'x'.repeat(1200)}` });
    const send = (expectContinue: boolean) =>
      rawRequest(`${stack.apiUrl}/rest/v1/rpc/get_order`, {
        headers: {
          apikey: stack.anonKey,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
        expectContinue,
      });
    const plain = await send(false);
    const continued = await send(true);
    expect(continued.sawContinue).toBe(true);
    expect(continued.status).not.toBe(502);
    expect(continued.status).toBe(plain.status);
    expect(continued.body).toBe(plain.body);
    expect(continued.headers['content-type']).toBe(plain.headers['content-type']);
  });
});
