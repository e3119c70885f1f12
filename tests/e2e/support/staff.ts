/**
 * Staff accounts for the admin specs: `createStaffUser(stack)` makes a confirmed user recorded in
 * public.staff (what `npm run staff:add` does), `createUser(stack)` one without staff rights, and
 * `signInAsStaff(page)` signs a fresh staff member in through /login and waits for /admin.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../supabase/database.types.ts';
import { addStaff } from '../../../scripts/staff-add.ts';
import { totpCode } from '../../../local/auth/totp.ts';
import { hydrated } from './hydrated.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

export interface Account {
  email: string;
  password: string;
  userId: string;
  /** The TOTP key shown at the first sign-in (the test plays the authenticator app). */
  totpSecret?: string;
}

function serviceRole(stack: StackInfo): SupabaseClient<Database> {
  return createClient<Database>(stack.apiUrl, stack.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** A fresh address on the reserved example domain, unique per call. */
export function uniqueEmail(label = 'staff'): string {
  return `${label}-${randomUUID().slice(0, 8)}@ascent.example`;
}

const defaultPassword = () => `Staff-${randomUUID().slice(0, 8)}-9`;

/** A confirmed account recorded as staff, as `npm run staff:add` makes it. */
export async function createStaffUser(stack: StackInfo = stackInfo(), email = uniqueEmail()): Promise<Account> {
  const password = defaultPassword();
  const { userId } = await addStaff(serviceRole(stack), { email, password }, stack.apiUrl);
  return { email, password, userId };
}

/** A confirmed account that is not staff (a customer, or someone whose staff row was removed). */
export async function createUser(stack: StackInfo = stackInfo(), email = uniqueEmail('user')): Promise<Account> {
  const password = defaultPassword();
  const { data, error } = await serviceRole(stack).auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(`creating ${email} failed: ${error.message}`);
  return { email, password, userId: data.user.id };
}

/** Fills and sends the /login form (the page must be on /login). */
export async function submitLogin(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The second step after the password, on /login: at the first sign-in the account enrols (the key is read
 * from the screen and kept on the account), later it enters the code; either way the code is
 * computed from the key, as an authenticator app would.
 */
export async function passSecondStep(page: Page, account: Account): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  const code = page.getByLabel('6-digit code');
  await expect(code).toBeVisible();
  if (!account.totpSecret) account.totpSecret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await code.fill(totpCode(account.totpSecret));
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Signs `account` (default: a new staff member) in through /login, passes the second step and
 * waits until /admin shows the admin navigation. Returns the account (with its TOTP key).
 */
export async function signInAsStaff(page: Page, account?: Account): Promise<Account> {
  const staff = account ?? (await createStaffUser());
  await page.goto('/login');
  await hydrated(page);
  await submitLogin(page, staff);
  await passSecondStep(page, staff);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  return staff;
}
