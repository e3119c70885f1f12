/**
 * Contact enquiries through the whole stack: a visitor's submit_enquiry (anon key, own loopback
 * address) stores the enquiry; the outbox worker mails the team address for its topic (CMS site
 * settings, seeded from content/production.ndjson) and a confirmation to the sender. Spam rules:
 * honeypot, maximum length, per-client limit. Visitors cannot read enquiries.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
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

type Topic = 'training' | 'advisory' | 'technology' | 'insurance' | 'other';

const enquiry = (overrides: Partial<Record<string, unknown>> = {}) => ({
  name: 'Otieno Ochieng',
  email: `enquirer-${randomUUID()}@example.com`,
  phone: '0712 345 678',
  organisation: 'Lakeside SACCO',
  topic: 'training' as Topic,
  message: `We would like in-house governance training for 12 board members. ${randomUUID()}`,
  consent: true,
  website: '',
  ...overrides,
});

async function captured(): Promise<CapturedMessage[]> {
  return capturedMail(stack.mailApiUrl);
}

describe('contact enquiries', () => {
  it('stores an enquiry and routes it by topic to the team address, with a confirmation to the sender', async () => {
    const routes: Array<[Topic, string]> = [
      ['training', 'training@ascent.example'],
      ['advisory', 'advisory@ascent.example'],
      ['insurance', 'insurance@ascent.example'],
    ];
    for (const [topic, team] of routes) {
      const sent = enquiry({ topic, email: `Enquirer-${randomUUID()}@Example.com` });
      const { data, error } = await visitor().rpc('submit_enquiry', sent).single();
      expect(error).toBeNull();
      const { data: stored } = await admin.from('enquiries').select('*').eq('id', data!.id).single();
      expect(stored).toMatchObject({
        name: 'Otieno Ochieng',
        email: sent.email.toLowerCase(),
        phone: '+254712345678',
        organisation: 'Lakeside SACCO',
        topic,
        status: 'new',
        message: sent.message,
        consent_text: expect.stringMatching(/use these details to answer my enquiry/),
      });

      await vi.waitFor(
        async () => {
          const mails = (await captured()).filter((m) => m.text.includes(sent.message));
          const notification = mails.find((m) => m.to.includes(team));
          expect(notification?.subject).toBe(`New ${topic} enquiry from Otieno Ochieng`);
          expect(notification?.html).toBeTruthy();
          const receipt = mails.find((m) => m.to.includes(sent.email.toLowerCase()));
          expect(receipt?.subject).toBe('Thank you for contacting Ascent');
          expect(mails).toHaveLength(2);
        },
        { timeout: 20_000, interval: 250 },
      );
    }
  });

  it('refuses the honeypot, an over-long message, a missing consent and a bad topic with the field and a sentence', async () => {
    const client = visitor();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ website: 'https://spam.example' }, 'website', 'honeypot_filled'],
      [{ message: 'x'.repeat(5001) }, 'message', 'message_too_long'],
      [{ consent: false }, 'consent', 'consent_missing'],
      [{ topic: 'sales' }, 'topic', 'invalid_topic'],
      [{ email: 'nope' }, 'email', 'invalid_email'],
      [{ phone: '12' }, 'phone', 'invalid_phone'],
    ];
    for (const [overrides, field, reason] of cases) {
      const sent = enquiry(overrides);
      const { data, error } = await client.rpc('submit_enquiry', sent as ReturnType<typeof enquiry>);
      expect(data, reason).toBeNull();
      expect(error, reason).toMatchObject({ code: 'P0001', details: field, hint: reason });
      expect(error!.message.length).toBeGreaterThan(10);
    }
    const { error } = await client.rpc('submit_enquiry', enquiry({ message: 'x'.repeat(5001) }));
    expect(error?.message).toBe('Your message is 5001 characters long; please keep it to 5,000.');
  });

  it('asks one client for a proof of work past 5 enquiries in 10 minutes (429), without affecting others', async () => {
    const client = visitor();
    for (let i = 0; i < 5; i += 1) expect((await client.rpc('submit_enquiry', enquiry())).error).toBeNull();
    const { error, status } = await client.rpc('submit_enquiry', enquiry());
    expect(status).toBe(429);
    expect(error).toMatchObject({ code: 'PT429', hint: 'proof_required' });
    expect((await visitor().rpc('submit_enquiry', enquiry())).error).toBeNull();
  });

  it('lets no visitor read or write the table directly', async () => {
    const client = visitor();
    expect((await client.from('enquiries').select('id')).error?.code).toBe('42501');
    const { error } = await client.from('enquiries').insert({
      name: 'x',
      email: 'x@example.com',
      topic: 'other',
      message: 'x',
      consent_text: 'x',
      consented_at: new Date().toISOString(),
      client_key: 'x',
    });
    expect(error?.code).toBe('42501');
  });
});
