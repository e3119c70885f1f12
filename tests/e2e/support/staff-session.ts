/**
 * A staff account for admin tests, made the way the RLS tests make theirs (Auth admin API with
 * the service role, then a public.staff row), and a sign-in through the admin's sign-in form.
 * TEMPORARY stand-in for auth's signInAsStaff(page): switch to it once auth is merged.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../supabase/database.types.ts';

export interface StaffAccount {
  id: string;
  email: string;
  password: string;
}

export async function createStaff(serviceRole: SupabaseClient<Database>, label: string): Promise<StaffAccount> {
  const email = `staff-${label}-${randomUUID().slice(0, 8)}@ascent.example`;
  const password = `Staff-${randomUUID()}-9`;
  const { data, error } = await serviceRole.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(`createUser: ${error.message}`);
  const staff = await serviceRole.from('staff').insert({ user_id: data.user.id, email });
  if (staff.error) throw new Error(`staff row: ${staff.error.message}`);
  return { id: data.user.id, email, password };
}

export async function removeStaff(serviceRole: SupabaseClient<Database>, account: StaffAccount): Promise<void> {
  const { error } = await serviceRole.auth.admin.deleteUser(account.id);
  if (error) throw new Error(`deleteUser: ${error.message}`);
}

/** Opens `path` (an /admin page), signs in on the staff form and waits for the page's heading. */
export async function signInAsStaffAt(page: Page, account: StaffAccount, path: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}
