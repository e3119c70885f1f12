/** Signed-in supabase-js clients for tests: a staff member (as `npm run staff:add` makes one) and a plain account. */
import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../supabase/database.types.ts';
import { passSecondFactor } from '../../support/second-factor.ts';

type Client = SupabaseClient<Database>;
const password = `Pw-${randomBytes(9).toString('base64url')}`;

/** A new confirmed account signed in through the gateway; `staff` adds its staff row and passes the second factor. */
export async function signedInAccount(
  stack: { apiUrl: string; anonKey: string },
  admin: Client,
  { staff, label }: { staff: boolean; label: string },
): Promise<{ client: Client; userId: string; email: string }> {
  const email = `${label}-${randomBytes(5).toString('hex')}@ascent.example`;
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(`createUser ${label}: ${error.message}`);
  if (staff) {
    const { error: staffError } = await admin.from('staff').upsert({ user_id: data.user.id, email });
    if (staffError) throw new Error(`staff upsert: ${staffError.message}`);
  }
  const client = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error: signInError } = await client.auth.signInWithPassword({ email, password });
  if (signInError) throw new Error(`signInWithPassword ${label}: ${signInError.message}`);
  if (staff) await passSecondFactor(client);
  return { client, userId: data.user.id, email };
}
