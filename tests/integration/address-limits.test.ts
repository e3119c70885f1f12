/**
 * Per-address limits on the anonymous writes that mail someone (issue 15, item 4), as an
 * attacker with many IPs would meet them: each request comes from a loopback address of its own
 * (so the per-client throttles never apply), aimed at one victim's mailbox through plus-addresses
 * and letter case. Past the limit each write is refused with 429 and a sentence, nothing is
 * stored or mailed, and another mailbox is unaffected. The per-client limit of registrations
 * (the one per-client rule not covered beside its feature) is here too, and the per-order limit
 * of M-Pesa codes (each mails the bookings team).
 */
import { randomUUID } from 'node:crypto';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturedMail, type CapturedMessage } from '../support/mail-capture.ts';
import type { Database } from '../../supabase/database.types.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { line, makeProgram, orderArgs } from './support/orders.ts';

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

/** A visitor on a loopback address of its own: a new client to every per-client throttle. */
function visitor(address = loopbackAddress()): SupabaseClient<Database> {
  const { client, close } = clientFrom(address, stack.apiUrl, stack.anonKey);
  closers.push(close);
  return client;
}

/** A victim's mailbox and the n-th disguise of it: victim+n@..., every other one in capitals. */
function mailbox() {
  const user = `victim-${randomUUID().slice(0, 8)}`;
  const disguise = (n: number) => {
    const address = `${user}+${n}@example.org`;
    return n % 2 === 0 ? address.toUpperCase() : address;
  };
  return {
    base: `${user}@example.org`,
    disguise,
    belongs: (to: string) => to.toLowerCase().startsWith(`${user}+`),
    /** PostgREST's ilike pattern for every disguise (the user part has no `_` or `%`). */
    pattern: `${user}+%`,
  };
}

type Mailbox = ReturnType<typeof mailbox>;

async function mailsTo(belongs: (to: string) => boolean): Promise<CapturedMessage[]> {
  return capturedMail(stack.mailApiUrl, { to: belongs });
}

async function outboxStatusesTo(victim: Mailbox): Promise<string[]> {
  const { data, error } = await admin.from('mail_outbox').select('status').ilike('recipient', victim.pattern);
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.status);
}

/**
 * How many mails the mailbox gets. Every mail leaves through the outbox, written in the same
 * transaction as the write that caused it, so once the writes have answered its rows are all the
 * mails there will ever be: this waits until the worker has sent each of them (and the capture
 * holds exactly those), and counts the rows. No waiting "a little longer" for one that should not come.
 */
async function mailCount(victim: Mailbox): Promise<number> {
  return vi.waitFor(
    async () => {
      const statuses = await outboxStatusesTo(victim);
      expect(statuses.filter((status) => status !== 'sent')).toEqual([]);
      expect(await mailsTo(victim.belongs)).toHaveLength(statuses.length);
      return statuses.length;
    },
    { timeout: 20_000, interval: 250 },
  );
}

const tooMany = { code: 'PT429', hint: 'too_many_for_address' };

describe('newsletter sign-ups per mailbox', () => {
  const fn = 'send-newsletter-subscription-email';

  async function signUp(email: string): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
    const { data, error } = await visitor().functions.invoke(fn, { body: { email } });
    if (!error) return { status: 200, body: data, retryAfter: null };
    if (!(error instanceof FunctionsHttpError)) throw error;
    const response = error.context as Response;
    return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
  }

  it('sends one mailbox 3 confirmations a day however it is disguised, then answers 429 saying why', async () => {
    const victim = mailbox();
    const answers = [];
    for (let n = 1; n <= 6; n += 1) answers.push(await signUp(victim.disguise(n)));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    for (const refused of answers.slice(3)) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        success: false,
        message: expect.stringMatching(
          /^We have sent several confirmation e-mails to this address recently\. Please check its inbox \(and spam folder\), or try again in (2[0-4]) hours\.$/,
        ),
      });
      expect(Number(refused.retryAfter)).toBeGreaterThan(23 * 3600);
    }
    expect(await mailCount(victim)).toBe(3);
    const { data: rows, error } = await admin
      .from('newsletter_subscribers')
      .select('email')
      .like('email', `${victim.base.split('@')[0]}+%`);
    expect(error).toBeNull();
    expect(rows).toHaveLength(3);

    // Someone else's mailbox is not affected.
    expect((await signUp(`other-${randomUUID()}@example.org`)).status).toBe(200);
  });
});

describe('enquiries per mailbox', () => {
  const enquiry = (email: string) => ({
    name: 'Otieno Ochieng',
    email,
    phone: '',
    organisation: '',
    topic: 'training',
    message: `Please call me back about governance training. ${randomUUID()}`,
    consent: true,
    website: '',
  });

  it('accepts 5 a day from one mailbox, then refuses with 429 and a sentence', async () => {
    const victim = mailbox();
    const results = [];
    for (let n = 1; n <= 7; n += 1) results.push(await visitor().rpc('submit_enquiry', enquiry(victim.disguise(n))));
    expect(results.slice(0, 5).map((r) => r.error)).toEqual(Array(5).fill(null));
    for (const { error } of results.slice(5)) {
      expect(error).toMatchObject({ ...tooMany, details: 'email' });
      expect(error?.message).toMatch(
        /^We have received several messages from this e-mail address in a short time\. Please wait 2[0-4] hours before sending another\.$/,
      );
    }
    const { count } = await admin
      .from('enquiries')
      .select('id', { count: 'exact', head: true })
      .like('email', `${victim.base.split('@')[0]}+%`);
    expect(count).toBe(5);
    // The receipts: one per stored enquiry.
    expect(await mailCount(victim)).toBe(5);
    expect((await visitor().rpc('submit_enquiry', enquiry(`other-${randomUUID()}@example.org`))).error).toBeNull();
  });
});

describe('event registrations', () => {
  async function makeEvent() {
    const date = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10);
    const { data, error } = await admin
      .from('events')
      .insert({
        title: `Address Limit Forum ${randomUUID().slice(0, 8)}`,
        description: 'An event of the per-address limit tests.',
        venue: 'Ascent Training Centre, Kiambu Road, Nairobi',
        starts_at: `${date}T06:00:00Z`,
        ends_at: `${date}T09:00:00Z`,
        capacity: null,
        is_published: true,
      })
      .select('id, slug')
      .single();
    if (error) throw new Error(error.message);
    return data;
  }

  const registration = (slug: string, email: string) => ({
    event_slug: slug,
    name: 'Wanjiru Kamau',
    email,
    phone: '0712 345 678',
    organisation: '',
    seats: 1,
  });

  it('registers one mailbox 10 times a day, then refuses with 429 and a sentence', async () => {
    const victim = mailbox();
    const event = await makeEvent();
    const results = [];
    for (let n = 1; n <= 11; n += 1) {
      results.push(
        await visitor()
          .rpc('register_for_event', registration(event.slug, victim.disguise(n)))
          .single(),
      );
    }
    expect(results.slice(0, 10).map((r) => r.error)).toEqual(Array(10).fill(null));
    expect(results[10]!.error).toMatchObject({ ...tooMany, details: 'email' });
    expect(results[10]!.error?.message).toMatch(
      /^This e-mail address has made several registrations in a short time\. Please try again in 2[0-4] hours\.$/,
    );
    const { count } = await admin
      .from('event_registrations')
      .select('id', { count: 'exact', head: true })
      .eq('event_id', event.id);
    expect(count).toBe(10);
    const other = await visitor().rpc(
      'register_for_event',
      registration(event.slug, `other-${randomUUID()}@example.org`),
    );
    expect(other.error).toBeNull();
  });

  it('registers 10 times from one client in 10 minutes, then asks the client for a proof of work (429), others unaffected', async () => {
    const event = await makeEvent();
    const client = visitor();
    const results = [];
    for (let n = 1; n <= 11; n += 1) {
      results.push(await client.rpc('register_for_event', registration(event.slug, `reg-${randomUUID()}@example.org`)));
    }
    expect(results.slice(0, 10).map((r) => r.error)).toEqual(Array(10).fill(null));
    expect(results[10]!.error).toMatchObject({
      code: 'PT429',
      hint: 'proof_required',
      message:
        'Many requests have come from your network in the last few minutes. Please try again: your browser will do a short check first.',
    });
    const other = await visitor().rpc(
      'register_for_event',
      registration(event.slug, `reg-${randomUUID()}@example.org`),
    );
    expect(other.error).toBeNull();
  });
});

describe('orders per mailbox', () => {
  it('takes 10 orders a day with one buyer mailbox, then refuses with 429 and a sentence', async () => {
    const victim = mailbox();
    const program = await makeProgram(admin);
    const results = [];
    for (let n = 1; n <= 11; n += 1) {
      const args = orderArgs([line(program.id, null, 1)], { buyer_email: victim.disguise(n) });
      results.push(await visitor().rpc('create_order', args).single());
    }
    expect(results.slice(0, 10).map((r) => r.error)).toEqual(Array(10).fill(null));
    expect(results[10]!.error).toMatchObject({ ...tooMany, details: 'buyer_email' });
    expect(results[10]!.error?.message).toMatch(
      /^Several orders were placed with this e-mail address in a short time\. Please try again in 2[0-4] hours, or contact us to book more\.$/,
    );
    const { count } = await admin
      .from('orders')
      .select('id', { count: 'exact', head: true })
      .ilike('customer_email', `${victim.base.split('@')[0]}+%`);
    expect(count).toBe(10);
    const fine = await visitor()
      .rpc('create_order', orderArgs([line(program.id, null, 1)], { buyer_email: `other-${randomUUID()}@example.org` }))
      .single();
    expect(fine.error).toBeNull();
  });
});

describe('M-Pesa codes per order', () => {
  it('takes 5 codes an hour for one order (each mails the bookings team), then refuses the 6th with a sentence', async () => {
    const program = await makeProgram(admin);
    const placed = await visitor()
      .rpc('create_order', orderArgs([line(program.id, null, 1)], { payment_method: 'mpesa' }))
      .single();
    expect(placed.error).toBeNull();
    const client = visitor();
    const results = [];
    for (let n = 0; n < 6; n += 1) {
      results.push(await client.rpc('submit_mpesa_code', { token: placed.data!.token, code: `QJK7XYZ${100 + n}` }));
    }
    expect(results.slice(0, 5).map((r) => r.error)).toEqual(Array(5).fill(null));
    expect(results[5]!.error).toMatchObject({ code: 'P0001', hint: 'too_many_codes', details: 'code' });
    expect(results[5]!.error?.message).toMatch(
      /^A code was sent for this order several times in a short time\. Please wait (\d+ minutes|a minute), or call us with your M-Pesa receipt\.$/,
    );
    const { data: order, error } = await admin
      .from('orders')
      .select('mpesa_code')
      .eq('reference', placed.data!.reference)
      .single();
    expect(error).toBeNull();
    expect(order?.mpesa_code).toBe('QJK7XYZ104');
  });
});
