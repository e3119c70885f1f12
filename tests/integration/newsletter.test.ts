/**
 * The newsletter's double opt-in through the whole stack: the footer's function (supabase-js ->
 * gateway -> function -> PostgreSQL), the outbox worker's mails in the capture, and the site's
 * /newsletter/confirm and /unsubscribe pages, including a mail client's RFC 8058 one-click POST.
 * Each test signs up from its own loopback address, so the per-client throttle is per test.
 */
import { randomUUID } from 'node:crypto';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturedMail, type CapturedMessage } from '../support/mail-capture.ts';
import type { Database } from '../../supabase/database.types.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';

const fn = 'send-newsletter-subscription-email';
const success = { success: true, message: 'Successfully subscribed to our newsletter!' };

let stack: StackInfo;
let admin: SupabaseClient<Database>;
const closers: Array<() => Promise<void>> = [];

beforeAll(() => {
  stack = stackInfo();
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
});

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A visitor on an address of its own. */
function visitor(): SupabaseClient<Database> {
  const { client, close } = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  closers.push(close);
  return client;
}

const newAddress = () => `opt-in-${randomUUID()}@example.com`;

async function row(email: string) {
  const { data, error } = await admin
    .from('newsletter_subscribers')
    .select('email, status, confirmed_at, consent_text, consented_at, unsubscribed_at')
    .eq('email', email);
  expect(error).toBeNull();
  return data ?? [];
}

async function mailTo(email: string): Promise<CapturedMessage[]> {
  return capturedMail(stack.mailApiUrl, { to: email, oldestFirst: true });
}

/** Waits for the worker to have sent `count` mails to the address (oldest first). */
async function mailsArrived(email: string, count: number): Promise<CapturedMessage[]> {
  return vi.waitFor(
    async () => {
      const mails = await mailTo(email);
      expect(mails).toHaveLength(count);
      return mails;
    },
    { timeout: 20_000, interval: 250 },
  );
}

/**
 * The mails queued to the address, oldest first, once the worker has sent each one (and the
 * capture holds exactly those). Every mail leaves through the outbox, written in the same
 * transaction as the request that caused it, so once that request has answered these rows are
 * all the mails it will ever cause: no need to wait a worker cycle for one that should not come.
 */
async function outboxKindsSent(email: string): Promise<string[]> {
  return vi.waitFor(
    async () => {
      const { data, error } = await admin
        .from('mail_outbox')
        .select('kind, status')
        .ilike('recipient', email)
        .order('position');
      expect(error).toBeNull();
      expect((data ?? []).filter((mail) => mail.status !== 'sent')).toEqual([]);
      expect(await mailTo(email)).toHaveLength(data?.length ?? 0);
      return (data ?? []).map((mail) => mail.kind);
    },
    { timeout: 20_000, interval: 250 },
  );
}

function linkIn(mail: CapturedMessage, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace('/', '\\/')}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text);
  expect(match, `a ${path} link in "${mail.subject}"`).not.toBeNull();
  return match![0];
}

/** A form POST to a page of the site, as the page's button or a mail client sends it. */
async function post(url: string, body = ''): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  expect(response.status).toBe(200);
  return response.text();
}

async function signUp(client: SupabaseClient<Database>, email: string) {
  const { data, error } = await client.functions.invoke(fn, { body: { email } });
  expect(error).toBeNull();
  expect(data).toEqual(success);
}

describe('newsletter double opt-in', () => {
  it('records a sign-up as pending and mails a confirmation link with one-click unsubscribe headers', async () => {
    const email = newAddress();
    await signUp(visitor(), `  ${email.toUpperCase()} `);
    expect(await row(email)).toEqual([
      { email, status: 'pending', confirmed_at: null, consent_text: null, consented_at: null, unsubscribed_at: null },
    ]);
    const [mail] = await mailsArrived(email, 1);
    expect(mail!.subject).toBe('Confirm your subscription to the Ascent newsletter');
    expect(mail!.html).toContain('Confirm my subscription');
    const confirm = linkIn(mail!, '/newsletter/confirm');
    expect(confirm.startsWith(`${stack.webUrl}/newsletter/confirm?token=`)).toBe(true);
    const unsubscribe = linkIn(mail!, '/unsubscribe');
    expect(mail!.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('puts the address on the list only once the link is confirmed (a GET alone changes nothing), recording consent', async () => {
    const email = newAddress();
    await signUp(visitor(), email);
    const [mail] = await mailsArrived(email, 1);
    const confirm = linkIn(mail!, '/newsletter/confirm');

    // A mail scanner that follows the link must not subscribe anyone.
    const page = await fetch(confirm);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Confirm my subscription');
    expect((await row(email))[0]?.status).toBe('pending');

    const before = Date.now();
    const html = await post(confirm);
    expect(html).toContain('Your subscription is confirmed');
    const [stored] = await row(email);
    expect(stored).toMatchObject({ status: 'confirmed', unsubscribed_at: null });
    expect(stored!.consent_text).toMatch(/agree to receive the Ascent newsletter/);
    expect(new Date(stored!.consented_at!).getTime()).toBeGreaterThanOrEqual(before - 5_000);

    const mails = await mailsArrived(email, 2);
    expect(mails[1]!.subject).toBe('Welcome to the Ascent newsletter');
    expect(mails[1]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mails[1]!.headers['list-unsubscribe']).toBe(`<${linkIn(mails[1]!, '/unsubscribe')}>`);

    // The link again: still confirmed, no second welcome.
    expect(await post(confirm)).toContain('Your subscription is confirmed');
    expect(await outboxKindsSent(email)).toEqual(['newsletter_confirmation', 'newsletter_welcome']);
  });

  it('keeps one row and sends one confirmation for the same address in any letter case, also at the same moment', async () => {
    const email = newAddress();
    const client = visitor();
    const results = await Promise.all(
      [email, email.toUpperCase()].map((variant) => client.functions.invoke(fn, { body: { email: variant } })),
    );
    for (const { data, error } of results) {
      expect(error).toBeNull();
      expect(data).toEqual(success);
    }
    await signUp(client, email.replace(/^o/, 'O'));
    expect(await row(email)).toHaveLength(1);
    const [mail] = await mailsArrived(email, 1);

    // Confirmed, then signed up again: still one row, confirmed, and no further mail.
    await post(linkIn(mail!, '/newsletter/confirm'));
    await mailsArrived(email, 2);
    await signUp(client, email.toUpperCase());
    expect(await outboxKindsSent(email)).toEqual(['newsletter_confirmation', 'newsletter_welcome']);
    expect((await row(email)).map((r) => r.status)).toEqual(['confirmed']);
  });

  it('unsubscribes with a one-click POST to the List-Unsubscribe address, and a new sign-up needs a new confirmation', async () => {
    const email = newAddress();
    const client = visitor();
    await signUp(client, email);
    const [confirmation] = await mailsArrived(email, 1);
    await post(linkIn(confirmation!, '/newsletter/confirm'));
    const [, welcome] = await mailsArrived(email, 2);
    const oneClick = /^<(.+)>$/.exec(welcome!.headers['list-unsubscribe'] ?? '')?.[1] ?? '';

    // GET only asks: a link preview must not unsubscribe.
    expect(await (await fetch(oneClick)).text()).toContain('Press the button to stop receiving');
    expect((await row(email))[0]?.status).toBe('confirmed');

    // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click`, with no cookies and no further step.
    expect(await post(oneClick, 'List-Unsubscribe=One-Click')).toContain('You have been unsubscribed');
    expect(await row(email)).toMatchObject([{ status: 'unsubscribed', unsubscribed_at: expect.any(String) }]);

    // The old confirmation link does not put the address back.
    expect(await post(linkIn(confirmation!, '/newsletter/confirm'))).toContain('has unsubscribed since this link');
    expect((await row(email))[0]?.status).toBe('unsubscribed');

    // Signing up again: pending until the new mail's link is confirmed.
    await signUp(client, email);
    expect((await row(email))[0]?.status).toBe('pending');
    const mails = await mailsArrived(email, 3);
    expect(mails[2]!.subject).toBe('Confirm your subscription to the Ascent newsletter');
    await post(linkIn(mails[2]!, '/newsletter/confirm'));
    expect(await row(email)).toMatchObject([{ status: 'confirmed', unsubscribed_at: null }]);
  });

  it('answers an unknown token on either page without revealing anything', async () => {
    const token = 'A'.repeat(43);
    expect(await post(`${stack.webUrl}/newsletter/confirm?token=${token}`)).toContain(
      'This confirmation link is not valid',
    );
    expect(await post(`${stack.webUrl}/unsubscribe?token=nonsense`, 'List-Unsubscribe=One-Click')).toContain(
      'This unsubscribe link is not valid',
    );
  });
});

describe('send-newsletter-subscription-email refusals', () => {
  const url = () => `${stack.apiUrl}/functions/v1/${fn}`;
  const headers = () => ({ authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' });

  it('refuses a malformed body with 400 and says what to send, storing nothing', async () => {
    for (const body of ['not json', '', '[1]', '"a@example.com"', '{"email":']) {
      const response = await fetch(url(), { method: 'POST', headers: headers(), body });
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        message: 'The request must be JSON of the form {"email": "you@example.com"}.',
      });
    }
  });

  it('refuses an invalid address with 400', async () => {
    const { data, error } = await visitor().functions.invoke(fn, { body: { email: 'not-an-address' } });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: 'Please enter a valid email address.' });
  });

  it('refuses an oversize body with 413 and stores nothing', async () => {
    const email = newAddress();
    const response = await fetch(url(), {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ email, note: 'x'.repeat(100_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      message: 'The request is too large: send at most 1024 bytes, {"email": "you@example.com"}.',
    });
    expect(await row(email)).toEqual([]);
  });

  // Issue 22, item 9: past 5 a network's sign-ups need a proof of work (the ceiling with proofs:
  // client-limits.test.ts), so many people behind one address still sign up.
  it('asks one client for a proof of work after 5 sign-ups in 10 minutes (429), other clients unaffected', async () => {
    const client = visitor();
    for (let i = 0; i < 5; i += 1) await signUp(client, newAddress());
    const refused = newAddress();
    const { data, error } = await client.functions.invoke(fn, { body: { email: refused } });
    expect(data).toBeNull();
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      success: false,
      reason: 'proof_required',
      message:
        'Many sign-ups have come from your network in the last few minutes. Please try again: your browser will do a short check first.',
    });
    expect(await row(refused)).toEqual([]);
    await signUp(visitor(), newAddress());
  });
});
