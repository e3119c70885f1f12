/**
 * The website reads no request body past its cap (issue 23, item 6): a 300 MB form POST to a
 * page with an action is answered 413 before it is read, declared or streamed, on every route,
 * while the process's peak memory stays where it was (it went from 0.56 to 2 GB before); a
 * multipart body that does not parse is a 400, not a 500.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../local/http/test-client.ts';
import { startExtraWebsite } from '../support/extra-website.ts';
import { stackInfo } from './stack-info.ts';

const stack = stackInfo();
const MiB = 1024 * 1024;
const huge = 300 * MiB;
/** What socket buffers can hold before an answer stops the sender: far below 300 MB. */
const unread = 48 * MiB;
const form = 'application/x-www-form-urlencoded';
/** Every page that takes a form from a visitor without signing in. */
const formRoutes = [
  '/order-confirmation?token=abc',
  '/unsubscribe',
  '/newsletter/confirm',
  '/events/registration/cancel',
];

/** The peak resident memory of a process so far (VmHWM), in bytes. */
function peakMemory(pid: number): number {
  const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kib) throw new Error(`no VmHWM for process ${pid}`);
  return Number(kib) * 1024;
}

let site: Awaited<ReturnType<typeof startExtraWebsite>>;
beforeAll(async () => {
  // A website of its own: its memory is this test's alone.
  site = await startExtraWebsite({
    supabaseUrl: stack.apiUrl,
    anonKey: stack.anonKey,
    contentUrl: stack.contentUrl,
    sanity: stack.sanity,
  });
}, 120_000);
afterAll(async () => {
  await site?.stop();
});

describe('website request bodies', () => {
  it('answers 413 to a 300 MB form POST on every route, declared or streamed, reading almost none of it', async () => {
    for (const path of formRoutes) {
      for (const headers of [{ 'content-length': String(huge) }, { 'transfer-encoding': 'chunked' }] as Record<
        string,
        string
      >[]) {
        const reply = await rawRequest(`${site.url}${path}`, {
          headers: { 'content-type': form, ...headers },
          stream: { totalBytes: huge },
        });
        expect(reply.status, `${path} ${JSON.stringify(headers)}`).toBe(413);
        expect(reply.body).toContain('too large');
        expect(reply.bytesSent).toBeLessThan(unread);
      }
    }
  });

  it('keeps its peak memory within 64 MB while four 300 MB bodies are sent at once', async () => {
    const before = peakMemory(site.pid);
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        rawRequest(`${site.url}/order-confirmation?token=abc`, {
          headers: { 'content-type': form, 'transfer-encoding': 'chunked' },
          stream: { totalBytes: huge },
        }),
      ),
    );
    expect(peakMemory(site.pid) - before).toBeLessThan(64 * MiB);
    expect(replies.map((reply) => reply.status)).toEqual([413, 413, 413, 413]);
    // Other visitors were not held up meanwhile, nor after.
    expect((await fetch(`${site.url}/robots.txt`)).status).toBe(200);
    // Before the cap, the server read all four whole (seconds each): room for it to fail on memory.
  }, 180_000);

  it('takes a form body under the cap as before', async () => {
    const reply = await rawRequest(`${site.url}/unsubscribe`, {
      headers: { 'content-type': form, 'content-length': String(8 * 1024) },
      body: `token=${'a'.repeat(8 * 1024 - 6)}`,
    });
    expect(reply.status).not.toBe(413);
    expect(reply.status).toBeLessThan(500);
  });

  it('answers 400 in words to a multipart body that does not parse', async () => {
    const body = '--nope\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc';
    const reply = await rawRequest(`${site.url}/order-confirmation?token=abc`, {
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': String(body.length) },
      body,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toContain('form data could not be read');
  });
});
