/**
 * An event with people registered (issue 22, item 2): deleting it is refused in words and keeps
 * every registration; cancelling it (staff set cancelled_at through PostgREST) cancels each
 * registration, releases the seats, unpublishes it for good and e-mails everyone with an .ics that
 * removes it (same UID, higher SEQUENCE); moving it e-mails everyone the new date or venue, the
 * confirmed with the new .ics. The e-mails are read back from the local mail capture.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ical, { type VEvent } from 'node-ical';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturedMail, type CapturedMessage } from '../support/mail-capture.ts';
import type { Database } from '../../supabase/database.types.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';
import { signedInAccount } from './support/accounts.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';

type Client = SupabaseClient<Database>;

let stack: StackInfo;
let admin: Client;
let staff: Client;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  stack = stackInfo();
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  staff = (await signedInAccount(stack, admin, { staff: true, label: 'event-cancel-staff' })).client;
});

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

function visitor(): Client {
  const { client, close } = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
  closers.push(close);
  return client;
}

const day = 24 * 60 * 60 * 1000;

/** A published event of capacity 1, 09:00 to 12:00 Nairobi time, 20 days ahead. */
async function makeEvent() {
  const date = new Date(Date.now() + 20 * day).toISOString().slice(0, 10);
  const { data, error } = await admin
    .from('events')
    .insert({
      title: `Cancellation Test Forum ${randomUUID().slice(0, 8)}`,
      description: 'A forum for the cancellation tests.',
      venue: 'Ascent Training Centre, Kiambu Road, Nairobi',
      starts_at: `${date}T06:00:00Z`,
      ends_at: `${date}T09:00:00Z`,
      capacity: 1,
      is_published: true,
    })
    .select('id, slug, title, starts_at')
    .single();
  if (error) throw new Error(error.message);
  return data;
}

const address = () => `cancel-${randomUUID()}@example.com`;

async function register(slug: string, email: string) {
  const { data, error } = await visitor()
    .rpc('register_for_event', { event_slug: slug, name: 'Wanjiru Kamau', email, phone: '0712 345 678' })
    .single();
  if (error) throw new Error(error.message);
  return data;
}

/** A confirmed person (checked in) and a waitlisted one, each with their first mail received. */
async function eventWithPeople() {
  const event = await makeEvent();
  const [held, waiting] = [address(), address()];
  const heldRegistration = await register(event.slug, held);
  expect(heldRegistration.status).toBe('confirmed');
  expect((await register(event.slug, waiting)).status).toBe('waitlisted');
  const checkIn = await staff
    .from('event_registrations')
    .update({ checked_in_at: new Date().toISOString() })
    .eq('email', held)
    .select('id');
  expect(checkIn.error).toBeNull();
  expect(checkIn.data).toHaveLength(1);
  const [confirmation] = await mailsTo(held, 1);
  await mailsTo(waiting, 1);
  return { event, held, waiting, token: heldRegistration.token, confirmation: confirmation! };
}

async function mailsTo(email: string, count: number): Promise<CapturedMessage[]> {
  return vi.waitFor(
    async () => {
      const mails = await capturedMail(stack.mailApiUrl, { to: email, oldestFirst: true });
      expect(mails).toHaveLength(count);
      return mails;
    },
    { timeout: 30_000, interval: 250 },
  );
}

function calendarFile(mail: CapturedMessage) {
  const attachment = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  expect(attachment).toBeDefined();
  const text = attachment!.text ?? '';
  const [vevent] = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
  return { text, vevent: vevent! };
}

async function registrations(eventId: string) {
  const { data, error } = await admin
    .from('event_registrations')
    .select('email, status, checked_in_at')
    .eq('event_id', eventId)
    .order('created_at');
  if (error) throw new Error(error.message);
  return data;
}

describe('an event with registrations', () => {
  it('cannot be deleted: the refusal says how many are registered and what to do, and nothing is lost', async () => {
    const { event } = await eventWithPeople();
    for (const client of [staff, admin]) {
      const { error } = await client.from('events').delete().eq('id', event.id);
      expect(error).toMatchObject({ code: 'P0001', hint: 'event_has_registrations' });
      expect(error!.message).toBe(
        `2 people are registered for “${event.title}”, so it cannot be deleted. Cancel the event instead: they are told by e-mail.`,
      );
    }
    expect(await registrations(event.id)).toHaveLength(2);
  });

  it('is cancelled instead: every registration cancelled, seats released, everyone e-mailed, the event off the site for good', async () => {
    const { event, held, waiting, token, confirmation } = await eventWithPeople();
    const cancelled = await staff
      .from('events')
      .update({ cancelled_at: new Date().toISOString() })
      .eq('id', event.id)
      .select('is_published, cancelled_at, calendar_sequence')
      .single();
    expect(cancelled.error).toBeNull();
    expect(cancelled.data).toMatchObject({ is_published: false, calendar_sequence: 1 });
    expect(cancelled.data!.cancelled_at).not.toBeNull();

    expect(await registrations(event.id)).toEqual([
      { email: held, status: 'cancelled', checked_in_at: null },
      { email: waiting, status: 'cancelled', checked_in_at: null },
    ]);
    const counts = await staff.rpc('event_registration_counts', { event_ids: [event.id] }).single();
    expect(counts.data).toMatchObject({ confirmed_seats: 0, confirmed: 0, waitlisted: 0, cancelled: 2 });

    for (const email of [held, waiting]) {
      const [, mail] = await mailsTo(email, 2);
      expect(mail!.subject).toBe(`Event cancelled: ${event.title}`);
      expect(mail!.text).toContain(`has cancelled ${event.title}, so your registration (1 seat) is cancelled too`);
      expect(mail!.text).not.toContain('/events/registration/cancel?token=');
      const file = calendarFile(mail!);
      expect(file.text).toContain('METHOD:CANCEL');
      expect(file.vevent.status).toBe('CANCELLED');
      expect(Number(file.vevent.sequence)).toBe(1);
    }
    // The cancellation names the same calendar entry the confirmation added.
    const [, heldMail] = await mailsTo(held, 2);
    expect(calendarFile(heldMail!).vevent.uid).toBe(calendarFile(confirmation).vevent.uid);

    // The cancel link knows why; nobody can register; the event stays cancelled and unpublished.
    const read = await visitor().rpc('get_event_registration', { token }).single();
    expect(read.data).toMatchObject({ status: 'cancelled', event_cancelled: true, event_title: event.title });
    await expect(register(event.slug, address())).rejects.toThrow('This event is not open for registration.');
    const republish = await staff.from('events').update({ is_published: true }).eq('id', event.id);
    expect(republish.error?.message).toContain('events_cancelled_not_published');
    const uncancel = await staff.from('events').update({ cancelled_at: null }).eq('id', event.id);
    expect(uncancel.error).toMatchObject({ code: 'P0001', hint: 'event_cancelled' });
  });

  it('is moved: a new date mails everyone the new time, the confirmed with the .ics of the same UID and a higher SEQUENCE', async () => {
    const { event, held, waiting, confirmation } = await eventWithPeople();
    const later = new Date(new Date(event.starts_at).getTime() + day + 60 * 60 * 1000); // next day, 10:00 Nairobi
    const moved = await staff
      .from('events')
      .update({ starts_at: later.toISOString(), ends_at: new Date(later.getTime() + 3 * 60 * 60 * 1000).toISOString() })
      .eq('id', event.id)
      .select('calendar_sequence')
      .single();
    expect(moved.data).toEqual({ calendar_sequence: 1 });

    const [, heldMail] = await mailsTo(held, 2);
    expect(heldMail!.subject).toBe(`New date, time or venue: ${event.title}`);
    expect(heldMail!.text).toContain('10:00 to 13:00 (Nairobi time)');
    expect(heldMail!.text).toContain('/events/registration/cancel?token=');
    const file = calendarFile(heldMail!);
    expect(file.text).toContain('METHOD:PUBLISH');
    expect(file.vevent.uid).toBe(calendarFile(confirmation).vevent.uid);
    expect(Number(file.vevent.sequence)).toBe(1);
    expect(Number(calendarFile(confirmation).vevent.sequence)).toBe(0);
    expect(file.vevent.start.toISOString()).toBe(later.toISOString());

    const [, waitingMail] = await mailsTo(waiting, 2);
    expect(waitingMail!.text).toContain('You are still on the waitlist');
    expect(waitingMail!.attachments).toEqual([]);

    // A new venue is another change (SEQUENCE 2); a new title alone tells nobody.
    await staff.from('events').update({ venue: 'Online' }).eq('id', event.id);
    const [, , venueMail] = await mailsTo(held, 3);
    expect(venueMail!.text).toContain('Where: Online');
    expect(Number(calendarFile(venueMail!).vevent.sequence)).toBe(2);
    const retitled = await staff
      .from('events')
      .update({ title: `${event.title} (renamed)` })
      .eq('id', event.id)
      .select('calendar_sequence')
      .single();
    expect(retitled.data).toEqual({ calendar_sequence: 2 });
    const { count } = await admin
      .from('mail_outbox')
      .select('id', { count: 'exact', head: true })
      .eq('kind', 'event_registration_event_changed')
      .eq('recipient', held);
    expect(count).toBe(2);
  });

  it('gets more seats from staff: the waitlist moves up and is told; fewer seats than taken is refused', async () => {
    const { event, waiting } = await eventWithPeople();
    const lower = await staff.from('events').update({ capacity: 1 }).eq('id', event.id);
    expect(lower.error).toBeNull(); // the same capacity: nothing taken back
    const raised = await staff.from('events').update({ capacity: 2 }).eq('id', event.id);
    expect(raised.error).toBeNull();
    expect((await registrations(event.id)).map((r) => r.status)).toEqual(['confirmed', 'confirmed']);
    const [, promoted] = await mailsTo(waiting, 2);
    expect(promoted!.subject).toBe(`A seat is yours: ${event.title}`);
    const refused = await staff.from('events').update({ capacity: 1 }).eq('id', event.id);
    expect(refused.error).toMatchObject({ code: 'P0001', hint: 'capacity_below_taken' });
    expect(refused.error!.message).toBe('The capacity cannot be lower than the 2 seats already taken.');
  });

  it('without registrations can still be deleted', async () => {
    const event = await makeEvent();
    const { error, count } = await staff.from('events').delete({ count: 'exact' }).eq('id', event.id);
    expect(error).toBeNull();
    expect(count).toBe(1);
  });
});
