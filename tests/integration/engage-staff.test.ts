/**
 * What staff (and only staff) do with issue 13's data before the admin screens exist: read and
 * handle enquiries (status, assignment, internal notes), read registrations with counts per event
 * and check people in, and see each newsletter subscriber's state. A signed-in non-staff account
 * sees none of it and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { passSecondFactor } from '../support/second-factor.ts';

let stack: StackInfo;
let admin: SupabaseClient<Database>;
let staff: SupabaseClient<Database>;
let user: SupabaseClient<Database>;
let staffId: string;
let visitor: { client: SupabaseClient<Database>; close(): Promise<void> };
const password = `Pw-${randomUUID()}`;

async function signedIn(label: string, makeStaff: boolean) {
  const email = `engage-${label}-${randomUUID()}@ascent.example`;
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(error.message);
  if (makeStaff) {
    const { error: staffError } = await admin.from('staff').upsert({ user_id: data.user.id, email });
    if (staffError) throw new Error(staffError.message);
  }
  const client = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error: signInError } = await client.auth.signInWithPassword({ email, password });
  if (signInError) throw new Error(signInError.message);
  if (makeStaff) await passSecondFactor(client);
  return { client, id: data.user.id };
}

beforeAll(async () => {
  stack = stackInfo();
  admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  const staffer = await signedIn('staff', true);
  staff = staffer.client;
  staffId = staffer.id;
  user = (await signedIn('user', false)).client;
  visitor = clientFrom(loopbackAddress(), stack.apiUrl, stack.anonKey);
});

afterAll(async () => {
  await visitor?.close();
});

describe('staff handling of enquiries, registrations and subscribers', () => {
  it('staff read an enquiry and set its status, assignee and notes; a non-staff account sees and changes nothing', async () => {
    const { data: sent, error } = await visitor.client
      .rpc('submit_enquiry', {
        name: 'Kipchoge Rotich',
        email: `staff-test-${randomUUID()}@example.com`,
        phone: '',
        organisation: '',
        topic: 'technology',
        message: 'Can you audit our ERP rollout?',
        consent: true,
        website: '',
      })
      .single();
    expect(error).toBeNull();

    expect((await user.from('enquiries').select('id').eq('id', sent!.id)).data).toEqual([]);
    const denied = await user.from('enquiries').update({ status: 'closed' }).eq('id', sent!.id).select('id');
    expect(denied.data ?? []).toEqual([]);

    const { data: updated, error: updateError } = await staff
      .from('enquiries')
      .update({ status: 'in_progress', assigned_to: staffId, internal_notes: 'Called back on Tuesday.' })
      .eq('id', sent!.id)
      .select('status, assigned_to, internal_notes, message')
      .single();
    expect(updateError).toBeNull();
    expect(updated).toEqual({
      status: 'in_progress',
      assigned_to: staffId,
      internal_notes: 'Called back on Tuesday.',
      message: 'Can you audit our ERP rollout?',
    });
    // The visitor's own words are not staff's to edit.
    const { error: messageError } = await staff.from('enquiries').update({ message: 'changed' }).eq('id', sent!.id);
    expect(messageError?.code).toBe('42501');
    const { error: statusError } = await staff.from('enquiries').update({ status: 'lost' }).eq('id', sent!.id);
    expect(statusError?.code).toBe('23514');
  });

  it('staff see registrations with counts per event and check people in; others cannot', async () => {
    const date = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const { data: event, error } = await admin
      .from('events')
      .insert({
        title: `Staff Check-in Forum ${randomUUID().slice(0, 8)}`,
        description: 'Check-in test.',
        venue: 'Nairobi',
        starts_at: `${date}T06:00:00Z`,
        ends_at: `${date}T09:00:00Z`,
        capacity: 1,
        is_published: true,
      })
      .select('id, slug')
      .single();
    expect(error).toBeNull();
    for (const name of ['Amani Njoroge', 'Zawadi Mutua']) {
      const { error: registerError } = await visitor.client.rpc('register_for_event', {
        event_slug: event!.slug,
        name,
        email: `${randomUUID()}@example.com`,
        phone: '0712345678',
      });
      expect(registerError).toBeNull();
    }

    const { data: counts } = await staff.rpc('event_registration_counts', { event_ids: [event!.id] });
    expect(counts).toHaveLength(1);
    expect(counts?.[0]).toEqual({
      event_id: event!.id,
      confirmed_seats: 1,
      confirmed: 1,
      waitlisted: 1,
      cancelled: 0,
      checked_in: 0,
    });
    const forEvent = { event_ids: [event!.id] };
    expect(((await user.rpc('event_registration_counts', forEvent)).data ?? []).length).toBe(0);
    expect((await visitor.client.rpc('event_registration_counts', forEvent)).error?.code).toBe('42501');

    const { data: rows } = await staff
      .from('event_registrations')
      .select('id, name, status')
      .eq('event_id', event!.id)
      .order('created_at');
    expect(rows?.map((r) => [r.name, r.status])).toEqual([
      ['Amani Njoroge', 'confirmed'],
      ['Zawadi Mutua', 'waitlisted'],
    ]);
    const { error: checkInError } = await staff
      .from('event_registrations')
      .update({ checked_in_at: new Date().toISOString() })
      .eq('id', rows![0]!.id);
    expect(checkInError).toBeNull();
    // Only confirmed people can be checked in.
    const { error: waitlistCheckIn } = await staff
      .from('event_registrations')
      .update({ checked_in_at: new Date().toISOString() })
      .eq('id', rows![1]!.id);
    expect(waitlistCheckIn?.code).toBe('23514');
    expect((await user.from('event_registrations').select('id').eq('event_id', event!.id)).data).toEqual([]);
  });

  it('staff see each subscriber as pending, confirmed or unsubscribed; a non-staff account sees none', async () => {
    const email = `staff-view-${randomUUID()}@example.com`;
    const { error } = await admin.from('newsletter_subscribers').insert({ email });
    expect(error).toBeNull();
    const { data } = await staff.from('newsletter_subscribers').select('email, status').eq('email', email);
    expect(data).toEqual([{ email, status: 'pending' }]);
    expect((await user.from('newsletter_subscribers').select('status').eq('email', email)).data).toEqual([]);
  });
});
