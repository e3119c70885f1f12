/**
 * The anonymous-write limits as the attack pass of issue 23 met them, on the real stack: a
 * rotated cf-connecting-ip on the functions route (item 10), one Gmail inbox reached through its
 * dots and googlemail.com (item 10), registrations enumerated past the per-client limit (item 4),
 * M-Pesa prompts sprayed at one phone from several orders (item 5). Each client is a loopback
 * address of its own, so the tests never share a per-client count.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { PROOF_HEADER } from '../../domain/proof-of-work.ts';
import { solveChallenge } from '../../web/app/lib/proof-of-work/solve.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { line, makeIntake, makeProgram, orderArgs } from './support/orders.ts';

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

function visitor(address = loopbackAddress(), headers: Record<string, string> = {}): SupabaseClient<Database> {
  const { client, close } = clientFrom(address, stack.apiUrl, stack.anonKey, headers);
  closers.push(close);
  return client;
}

async function asPostgres<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** A newsletter sign-up through the function, as the footer sends it: the status and the answer. */
async function signUp(
  client: SupabaseClient<Database>,
  email: string,
  proof?: string,
): Promise<{ status: number; body: unknown }> {
  const { data, error } = await client.functions.invoke('send-newsletter-subscription-email', {
    body: { email },
    headers: proof ? { [PROOF_HEADER]: proof } : {},
  });
  if (!error) return { status: 200, body: data };
  if (!(error instanceof FunctionsHttpError)) throw error;
  const response = error.context as Response;
  return { status: response.status, body: await response.json() };
}

describe('the client address on the functions route', () => {
  it('is the peer, whatever cf-connecting-ip a client sends: rotating it does not reset the sign-up limit', async () => {
    const address = loopbackAddress();
    const statuses = [];
    for (let n = 1; n <= 7; n += 1) {
      const forged = visitor(address, { 'cf-connecting-ip': `203.0.113.${n}`, 'x-forwarded-for': `198.51.100.${n}` });
      statuses.push((await signUp(forged, `reader-${randomUUID()}@example.org`)).status);
    }
    // The newsletter lets one client sign up 5 addresses in 10 minutes without a proof of work.
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('one Gmail inbox', () => {
  it('is one mailbox however its dots, +tags, case and googlemail.com spell it', async () => {
    const user = `victim${randomInt(1e8, 1e9)}`;
    const spell = [
      `${user}@gmail.com`,
      `${user.slice(0, 1)}.${user.slice(1)}@gmail.com`,
      `${user.slice(0, 3)}.${user.slice(3, 6)}.${user.slice(6)}+news@GoogleMail.com`,
      `${user.toUpperCase().split('').join('.')}@Gmail.com`,
      `${user}+${randomInt(1e3, 1e4)}@googlemail.com`,
    ];
    const statuses = [];
    for (const email of spell) statuses.push((await signUp(visitor(), email)).status);
    // Three confirmation mails a day reach one mailbox.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const keys = await asPostgres(
      async (db) =>
        (
          await db.query<{ key: string }>('select distinct private.address_key(e) as key from unnest($1::text[]) e', [
            spell,
          ])
        ).rows,
    );
    expect(keys).toEqual([{ key: `${user}@gmail.com` }]);
    // Dots matter on other domains: a.b@example.org is not ab@example.org.
    const other = await asPostgres(
      async (db) => (await db.query<{ key: string }>(`select private.address_key('A.B+x@Example.org') as key`)).rows[0],
    );
    expect(other).toEqual({ key: 'a.b@example.org' });
  });
});

describe('registrations past the per-client limit', () => {
  async function makeEvent(): Promise<string> {
    const date = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10);
    const { data, error } = await admin
      .from('events')
      .insert({
        title: `Client Limit Forum ${randomUUID().slice(0, 8)}`,
        description: 'An event of the per-client limit tests.',
        venue: 'Ascent Training Centre, Kiambu Road, Nairobi',
        starts_at: `${date}T06:00:00Z`,
        ends_at: `${date}T09:00:00Z`,
        capacity: null,
        is_published: true,
      })
      .select('slug')
      .single();
    if (error) throw new Error(error.message);
    return data.slug;
  }

  const registration = (slug: string, email: string) => ({
    event_slug: slug,
    name: 'Wanjiru Kamau',
    email,
    phone: '0712 345 678',
    organisation: '',
    seats: 1,
  });

  it('answers a registered and an unregistered address alike once the client is past its limit', async () => {
    const slug = await makeEvent();
    const attendee = `attendee-${randomUUID()}@example.org`;
    expect((await visitor().rpc('register_for_event', registration(slug, attendee)).single()).error).toBeNull();

    const prober = visitor();
    for (let n = 1; n <= 10; n += 1) {
      const { error } = await prober.rpc(
        'register_for_event',
        registration(slug, `filler-${randomUUID()}@example.org`),
      );
      expect(error).toBeNull();
    }
    const registered = await prober.rpc('register_for_event', registration(slug, attendee)).single();
    const stranger = await prober
      .rpc('register_for_event', registration(slug, `stranger-${randomUUID()}@example.org`))
      .single();
    expect(registered.status).toBe(429);
    expect(stranger.status).toBe(429);
    expect(registered.error).toEqual(stranger.error);
  });

  it('counts a probe for an address already registered: probing alone reaches the limit', async () => {
    const slug = await makeEvent();
    const attendee = `attendee-${randomUUID()}@example.org`;
    expect((await visitor().rpc('register_for_event', registration(slug, attendee)).single()).error).toBeNull();

    const prober = visitor();
    const answers = [];
    for (let n = 1; n <= 11; n += 1)
      answers.push(await prober.rpc('register_for_event', registration(slug, attendee)).single());
    expect(answers.slice(0, 10).map((a) => a.data)).toEqual(
      Array(10).fill({ status: 'already_registered', token: null }),
    );
    expect(answers[10]).toMatchObject({ status: 429, error: { code: 'PT429' } });
  });
});

describe('M-Pesa prompts per phone', () => {
  /** An M-Pesa order placed by a visitor of its own: its token and id. */
  async function mpesaOrder(program: string, intake: string): Promise<{ token: string; id: string }> {
    const { data, error } = await visitor()
      .rpc('create_order', orderArgs([line(program, intake, 1)], { payment_method: 'mpesa' }))
      .single();
    if (error) throw new Error(`create_order: ${error.message}`);
    const { data: row, error: readError } = await admin
      .from('orders')
      .select('id')
      .eq('reference', data.reference)
      .single();
    if (readError) throw new Error(readError.message);
    return { token: data.token, id: row.id };
  }

  function push(token: string, phone: string): Promise<Response> {
    return fetch(`${stack.apiUrl}/functions/v1/mpesa-stk-push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.anonKey}`, apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ token, phone }),
    });
  }

  async function paid(orderId: string): Promise<boolean> {
    const { data, error } = await admin.from('orders').select('status').eq('id', orderId).single();
    if (error) throw new Error(error.message);
    return data.status === 'paid';
  }

  it('sends one phone 3 prompts in 10 minutes and 10 a day across orders, then refuses in words', async () => {
    const program = await makeProgram(admin, { price_amount: 1500, currency: 'KES' });
    const intake = await makeIntake(admin, program.id, { capacity: 50 });
    // A number the simulated phone approves (not one of the stand-in's 2547000... test numbers).
    const digits = `7${randomInt(10_000_000, 99_999_999)}`;
    const phone = `0${digits}`;

    // Three orders, one prompt each, each paid before the next (a phone answers one prompt at a time).
    for (let n = 0; n < 3; n += 1) {
      const order = await mpesaOrder(program.id, intake);
      expect((await push(order.token, phone)).status).toBe(200);
      await expect.poll(() => paid(order.id), { timeout: 20_000 }).toBe(true);
    }
    const fourth = await mpesaOrder(program.id, intake);
    const refused = await push(fourth.token, phone);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      reason: 'too_many_for_phone',
      message: expect.stringMatching(
        /^Several M-Pesa requests were sent to this phone number in a short time\. Please try again in (\d+ minutes|a minute), or pay with the Paybill instructions\.$/,
      ),
    });
    // The same number written another way is the same phone.
    expect((await push(fourth.token, `+254 ${digits}`)).status).toBe(429);

    // The clock moved on an hour (the prompts moved back), with 6 more prompts earlier today: 9 in
    // the day, so one more is sent, and then the day's cap answers.
    await asPostgres(async (db) => {
      await db.query(
        `update public.mpesa_payment_attempts set requested_at = requested_at - interval '1 hour' where phone = $1`,
        [`254${digits}`],
      );
      await db.query(
        `insert into public.mpesa_payment_attempts (order_id, phone, amount, status, settled_by, requested_at, settled_at)
         select $1, $2, 1500, 'failed', 'push_refused', now() - interval '2 hours', now() - interval '2 hours'
           from generate_series(1, 6)`,
        [fourth.id, `254${digits}`],
      );
    });
    expect((await push(fourth.token, phone)).status).toBe(200);
    await expect.poll(() => paid(fourth.id), { timeout: 20_000 }).toBe(true);
    const fifth = await mpesaOrder(program.id, intake);
    const dayCapped = await push(fifth.token, phone);
    expect(dayCapped.status).toBe(429);
    expect(((await dayCapped.json()) as { message: string }).message).toMatch(/Please try again in 2[0-2] hours/);

    // Another phone is not affected.
    expect((await push(fifth.token, `07${randomInt(10_000_000, 99_999_999)}`)).status).toBe(200);
  });
});

/** A solved challenge, as the site's solver finds it. */
async function proof(client: SupabaseClient<Database>): Promise<string> {
  const { data, error } = await client.rpc('client_challenge').single();
  if (error) throw new Error(error.message);
  return solveChallenge(data.challenge, data.difficulty);
}

const fresh = () => `reader-${randomUUID()}@example.org`;

describe('a proof of work past the free allowance (issue 22, item 9)', () => {
  it('lets a network sign up more people with a solved challenge each, and refuses a bot that does not solve', async () => {
    const client = visitor();
    for (let n = 0; n < 5; n += 1) expect((await signUp(client, fresh())).status).toBe(200);
    // A bot: no proof, a made-up one, a challenge with a forged signature.
    const asked = await signUp(client, fresh());
    expect(asked).toEqual({ status: 429, body: expect.objectContaining({ reason: 'proof_required' }) });
    expect((await signUp(client, fresh(), '1764255600.0a1b2c3d.0123456789abcdef:1')).status).toBe(429);
    const { data: challenge } = await client.rpc('client_challenge').single();
    const forged = challenge!.challenge.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await signUp(client, fresh(), await solveChallenge(forged, challenge!.difficulty))).status).toBe(429);

    // People: each sign-up with a proof of its own goes through, and is stored.
    for (let n = 0; n < 3; n += 1) expect((await signUp(client, fresh(), await proof(client))).status).toBe(200);
    // A proof buys one sign-up.
    const once = await proof(client);
    expect((await signUp(client, fresh(), once)).status).toBe(200);
    expect((await signUp(client, fresh(), once)).status).toBe(429);
  });

  it('refuses a challenge older than 10 minutes, even solved', async () => {
    const client = visitor();
    for (let n = 0; n < 5; n += 1) expect((await signUp(client, fresh())).status).toBe(200);
    const old = await asPostgres(async (db) => {
      const issued = String(Math.floor(Date.now() / 1000) - 601);
      const { rows } = await db.query<{ signature: string; difficulty: number }>(
        `select private.challenge_signature($1, '0a1b2c3d') as signature, s.difficulty_bits as difficulty
           from private.proof_settings s`,
        [issued],
      );
      return { challenge: `${issued}.0a1b2c3d.${rows[0]!.signature}`, difficulty: rows[0]!.difficulty };
    });
    expect((await signUp(client, fresh(), await solveChallenge(old.challenge, old.difficulty))).status).toBe(429);
  });

  it('stops even a solver at the ceiling: 50 sign-ups per network in 10 minutes', async () => {
    const address = loopbackAddress();
    const client = visitor(address);
    // 49 sign-ups earlier in the window (the request log the function counts), then 1 more with a proof.
    await asPostgres((db) =>
      db.query(
        `insert into private.newsletter_requests (client_key, requested_at)
         select $1, now() - interval '5 minutes' from generate_series(1, 49)`,
        [address],
      ),
    );
    expect((await signUp(client, fresh(), await proof(client))).status).toBe(200);
    expect(await signUp(client, fresh(), await proof(client))).toEqual({
      status: 429,
      body: { success: false, message: 'Too many sign-up attempts from your network. Please try again in 5 minutes.' },
    });
  });

  it('asks for a proof on orders, enquiries and registrations too, and takes one', async () => {
    const program = await makeProgram(admin);
    const client = visitor();
    const order = () => client.rpc('create_order', orderArgs([line(program.id, null, 1)]));
    for (let n = 0; n < 10; n += 1) expect((await order().single()).error).toBeNull();
    expect((await order().single()).error).toMatchObject({ code: 'PT429', hint: 'proof_required' });
    expect(
      (
        await order()
          .setHeader(PROOF_HEADER, await proof(client))
          .single()
      ).error,
    ).toBeNull();

    const enquiry = () =>
      client.rpc('submit_enquiry', {
        name: 'Otieno Ochieng',
        email: fresh(),
        phone: '',
        organisation: '',
        topic: 'training',
        message: 'Please call me back about governance training.',
        consent: true,
        website: '',
      });
    for (let n = 0; n < 5; n += 1) expect((await enquiry()).error).toBeNull();
    expect((await enquiry()).error).toMatchObject({ code: 'PT429', hint: 'proof_required' });
    expect((await enquiry().setHeader(PROOF_HEADER, await proof(client))).error).toBeNull();

    const date = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10);
    const { data: event } = await admin
      .from('events')
      .insert({
        title: `Proof Forum ${randomUUID().slice(0, 8)}`,
        description: 'An event of the proof-of-work tests.',
        venue: 'Ascent Training Centre, Kiambu Road, Nairobi',
        starts_at: `${date}T06:00:00Z`,
        ends_at: `${date}T09:00:00Z`,
        is_published: true,
      })
      .select('slug')
      .single();
    const register = () =>
      client.rpc('register_for_event', {
        event_slug: event!.slug,
        name: 'Wanjiru Kamau',
        email: fresh(),
        phone: '0712 345 678',
        organisation: '',
        seats: 1,
      });
    for (let n = 0; n < 10; n += 1) expect((await register().single()).error).toBeNull();
    expect((await register().single()).error).toMatchObject({ code: 'PT429', hint: 'proof_required' });
    expect(
      (
        await register()
          .setHeader(PROOF_HEADER, await proof(client))
          .single()
      ).data,
    ).toMatchObject({
      status: 'confirmed',
    });
  });
});
