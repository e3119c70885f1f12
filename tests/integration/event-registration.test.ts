/**
 * Event registration through the whole stack: visitors call register_for_event and
 * cancel_event_registration with the anon key (each from its own loopback address), the outbox
 * worker mails confirmations with an .ics (parsed here with node-ical), and the waitlist moves up
 * on cancellation. Capacity holds when many register for the last seat at once.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ical, { type VEvent } from 'node-ical';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturedMail, type CapturedMessage } from '../support/mail-capture.ts';
import type { Database } from '../../supabase/database.types.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';

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

function visitor(): SupabaseClient<Database> {
  const { client, close } = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  closers.push(close);
  return client;
}

const day = 24 * 60 * 60 * 1000;

/** A published event of its own: 09:00 to 12:00 Nairobi time (06:00 to 09:00 UTC), days ahead. */
async function makeEvent(options: { capacity?: number | null; inDays?: number; price?: number } = {}) {
  const date = new Date(Date.now() + (options.inDays ?? 20) * day).toISOString().slice(0, 10);
  const title = `Registration Test Forum ${randomUUID().slice(0, 8)}`;
  const { data, error } = await admin
    .from('events')
    .insert({
      title,
      description: 'A morning forum for the registration tests.',
      venue: 'Ascent Training Centre, Kiambu Road, Nairobi',
      starts_at: `${date}T06:00:00Z`,
      ends_at: `${date}T09:00:00Z`,
      capacity: options.capacity === undefined ? 2 : options.capacity,
      ...(options.price ? { price_amount: options.price, currency: 'KES' } : {}),
      is_published: true,
    })
    .select('id, slug, title, starts_at')
    .single();
  if (error) throw new Error(error.message);
  return data;
}

const person = (overrides: Partial<{ name: string; email: string; seats: number }> = {}) => ({
  name: 'Wanjiru Kamau',
  email: `reg-${randomUUID()}@example.com`,
  phone: '0712 345 678',
  organisation: 'Kamau Holdings',
  seats: 1,
  ...overrides,
});

async function register(slug: string, who = person(), client = visitor()) {
  return client.rpc('register_for_event', { event_slug: slug, ...who }).single();
}

async function statuses(eventId: string) {
  const { data, error } = await admin
    .from('event_registrations')
    .select('email, status')
    .eq('event_id', eventId)
    .order('created_at');
  if (error) throw new Error(error.message);
  return data;
}

async function mailsTo(email: string, count: number): Promise<CapturedMessage[]> {
  return vi.waitFor(
    async () => {
      const mails = await capturedMail(stack.mailApiUrl, { to: email, oldestFirst: true });
      expect(mails).toHaveLength(count);
      return mails;
    },
    { timeout: 20_000, interval: 250 },
  );
}

function calendarOf(mail: CapturedMessage): VEvent {
  const attachment = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  expect(attachment?.filename).toMatch(/\.ics$/);
  const events = Object.values(ical.sync.parseICS(attachment!.text ?? '')).filter(
    (component): component is VEvent => component?.type === 'VEVENT',
  );
  expect(events).toHaveLength(1);
  return events[0]!;
}

describe('event registration', () => {
  it('confirms under capacity and mails an .ics in Nairobi time with add-to-calendar and cancel links', async () => {
    const event = await makeEvent({ capacity: 5 });
    const who = person({ email: `Reg-${randomUUID()}@Example.com` });
    const { data, error } = await register(event.slug, who);
    expect(error).toBeNull();
    expect(data!.status).toBe('confirmed');
    expect(data!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [mail] = await mailsTo(who.email.toLowerCase(), 1);
    expect(mail!.subject).toBe(`You are registered: ${event.title}`);
    expect(mail!.text).toContain('09:00 to 12:00 (Nairobi time)');
    expect(mail!.html).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    expect(mail!.text).toContain(`${stack.webUrl}/events/registration/cancel?token=${data!.token}`);

    const vevent = calendarOf(mail!);
    expect(vevent.uid).toMatch(/^event-[0-9a-f-]{36}@/);
    expect(vevent.summary).toBe(event.title);
    expect(vevent.location).toBe('Ascent Training Centre, Kiambu Road, Nairobi');
    expect((vevent.start as Date & { tz?: string }).tz).toBe('Africa/Nairobi');
    expect(vevent.start.toISOString()).toBe(new Date(event.starts_at).toISOString());
    expect(/DTSTART;TZID=Africa\/Nairobi:\d{8}T090000/.test(mail!.attachments[0]!.text ?? '')).toBe(true);
  });

  it('waitlists once the capacity is taken and says so by e-mail, without an .ics', async () => {
    const event = await makeEvent({ capacity: 1 });
    const first = person();
    const second = person();
    expect((await register(event.slug, first)).data?.status).toBe('confirmed');
    expect((await register(event.slug, second)).data?.status).toBe('waitlisted');
    const [mail] = await mailsTo(second.email, 1);
    expect(mail!.subject).toBe(`You are on the waitlist: ${event.title}`);
    expect(mail!.text).toContain('position 1');
    expect(mail!.attachments).toEqual([]);
  });

  it('never overbooks when many register for the last seats at the same moment', async () => {
    const event = await makeEvent({ capacity: 2 });
    const results = await Promise.all(Array.from({ length: 8 }, () => register(event.slug)));
    for (const { error } of results) expect(error).toBeNull();
    const rows = await statuses(event.id);
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(2);
    expect(rows.filter((r) => r.status === 'waitlisted')).toHaveLength(6);
  });

  it('cancelling frees the seat for the first on the waitlist, who is told by e-mail with the .ics', async () => {
    const event = await makeEvent({ capacity: 1 });
    const [first, second, third] = [person(), person(), person()];
    const { data: held } = await register(event.slug, first);
    await register(event.slug, second);
    await register(event.slug, third);

    const { data, error } = await visitor().rpc('cancel_event_registration', { token: held!.token });
    expect(error).toBeNull();
    expect(data).toEqual([{ status: 'cancelled' }]);
    expect((await statuses(event.id)).map((r) => r.status)).toEqual(['cancelled', 'confirmed', 'waitlisted']);

    const promoted = await mailsTo(second.email, 2);
    expect(promoted[1]!.subject).toBe(`A seat is yours: ${event.title}`);
    expect(calendarOf(promoted[1]!).summary).toBe(event.title);
    const cancelled = await mailsTo(first.email, 2);
    expect(cancelled[1]!.subject).toBe(`Registration cancelled: ${event.title}`);

    // Cancelling again changes nothing and promotes nobody else.
    expect((await visitor().rpc('cancel_event_registration', { token: held!.token })).data).toEqual([
      { status: 'cancelled' },
    ]);
    expect((await statuses(event.id)).map((r) => r.status)).toEqual(['cancelled', 'confirmed', 'waitlisted']);
  });

  it('refuses a second registration by the same address in any letter case', async () => {
    const event = await makeEvent();
    const who = person();
    expect((await register(event.slug, who)).error).toBeNull();
    // A status, not an error: the attempt counts against the client's limit (issue 23, item 4).
    const { data, error } = await register(event.slug, { ...who, email: who.email.toUpperCase() });
    expect(error).toBeNull();
    expect(data).toEqual({ status: 'already_registered', token: null });
  });

  it('refuses past events, unknown events and several seats on a free event', async () => {
    const past = await makeEvent({ inDays: -3 });
    expect((await register(past.slug)).error).toMatchObject({ details: 'event', hint: 'event_past' });
    expect((await register('no-such-event')).error).toMatchObject({ details: 'event', hint: 'event_not_found' });
    const free = await makeEvent();
    expect((await register(free.slug, person({ seats: 2 }))).error).toMatchObject({
      details: 'seats',
      hint: 'invalid_seats',
      message: 'This free event takes one seat per registration.',
    });
    const paid = await makeEvent({ capacity: 3, price: 2500 });
    expect((await register(paid.slug, person({ seats: 3 }))).data?.status).toBe('confirmed');
    expect((await register(paid.slug, person({ seats: 1 }))).data?.status).toBe('waitlisted');
  });

  it('keeps registrations away from visitors: no table access, the public view shows seats left only', async () => {
    const event = await makeEvent({ capacity: 3 });
    await register(event.slug);
    const client = visitor();
    const { error } = await client.from('event_registrations').select('email');
    expect(error?.code).toBe('42501');
    const { data } = await client.from('public_events').select('slug, capacity, seats_left').eq('id', event.id);
    expect(data).toEqual([{ slug: event.slug, capacity: 3, seats_left: 2 }]);
  });
});
