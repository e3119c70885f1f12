/**
 * A signed-in staff member for the admin specs, without the login page (auth's branch adds
 * `signInAsStaff(page)` through /login; until then): a new confirmed account with a staff row,
 * signed in with supabase-js in Node, its session stored where the page's supabase-js looks for it
 * (localStorage `sb-<first label of the API host>-auth-token`) before the page's first script runs.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../supabase/database.types.ts';
import type { StackInfo } from './stack-info.ts';

export async function seedStaffSession(
  page: Page,
  stack: StackInfo,
  serviceRole: SupabaseClient<Database>,
): Promise<{ email: string }> {
  const email = `admin-ops-${randomBytes(5).toString('hex')}@ascent.example`;
  const password = `Pw-${randomBytes(12).toString('base64url')}`;
  const { data, error } = await serviceRole.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(`createUser: ${error.message}`);
  const staffRow = await serviceRole.from('staff').upsert({ user_id: data.user.id, email });
  if (staffRow.error) throw new Error(`staff upsert: ${staffRow.error.message}`);
  const client = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw new Error(`signInWithPassword: ${signIn.error.message}`);
  const key = `sb-${new URL(stack.apiUrl).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(
    ({ storageKey, session }) => {
      try {
        if (!localStorage.getItem(storageKey)) localStorage.setItem(storageKey, session);
      } catch {
        // about:blank has no storage; the next real document gets it.
      }
    },
    { storageKey: key, session: JSON.stringify(signIn.data.session) },
  );
  return { email };
}
