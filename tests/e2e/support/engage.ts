/**
 * Fixtures for the engagement specs (events, enquiries, newsletter): limits lifted on the test
 * stack (every browser test connects from 127.0.0.1, one "client" to the per-client throttles),
 * an upcoming event of a test's own, and the captured mails to an address, oldest first.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { capturedMail, type CapturedMessage } from '../../support/mail-capture.ts';
import type { Database } from '../../../supabase/database.types.ts';
import type { StackInfo } from './stack-info.ts';

/** The newsletter, enquiry and registration throttles (per client and per address) raised far above what the suite sends (as `postgres`). */
export async function allowManyRequests(stack: StackInfo): Promise<void> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    // The ceiling, and the free allowance before a proof of work is asked for (the browser would solve it, slowly).
    await client.query(
      `update private.client_limits set max_per_client = 100000, max_without_proof = 100000 where write in ('newsletter', 'enquiry', 'event_registration')`,
    );
    await client.query(
      `update private.address_limits set max_per_address = 100000 where write in ('newsletter', 'enquiry', 'event_registration')`,
    );
  } finally {
    await client.end();
  }
}

/** A published event 30 days ahead, 09:00 to 12:00 Nairobi time, with the given capacity. */
export async function makeEvent(stack: StackInfo, capacity: number): Promise<{ slug: string; title: string }> {
  const admin = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  const date = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const { data, error } = await admin
    .from('events')
    .insert({
      title: `Browser Registration Forum ${randomUUID().slice(0, 8)}`,
      description: 'A forum made by the browser tests.',
      venue: 'Ascent Training Centre, Kiambu Road, Nairobi',
      starts_at: `${date}T06:00:00Z`,
      ends_at: `${date}T09:00:00Z`,
      capacity,
      is_published: true,
    })
    .select('slug, title')
    .single();
  if (error) throw new Error(`creating an event: ${error.message}`);
  return data;
}

export async function mailsTo(stack: StackInfo, address: string): Promise<CapturedMessage[]> {
  return capturedMail(stack.mailApiUrl, { to: address, oldestFirst: true });
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: CapturedMessage, prefix: string): string {
  const match = new RegExp(`${prefix.replace(/[.?/]/g, '\\$&')}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no ${prefix} link in "${mail.subject}"`);
  return match[0];
}
