/**
 * A signed-in customer for the account specs: signs the address in through the local Auth's
 * e-mail OTP with supabase-js (signInWithOtp, the code read from the mail capture, verifyOtp), and
 * hands the session to the page as the browser's client stores it, so the next page load is signed in.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import { openHydrated } from './hydrated.ts';
import { mailsTo } from './orders.ts';
import type { StackInfo } from './stack-info.ts';

/** The code in the newest sign-in mail to `email` (after `before` mails). */
export async function mailedCode(stack: StackInfo, email: string, before = 0): Promise<string> {
  await expect.poll(async () => (await mailsTo(stack, email)).length, { timeout: 20_000 }).toBeGreaterThan(before);
  const mails = await mailsTo(stack, email);
  const code = mails
    .map((mail) => /enter the code: (\d{6})/.exec(mail.text ?? '')?.[1])
    .filter(Boolean)
    .at(0);
  if (!code) throw new Error(`no sign-in code mailed to ${email}`);
  return code;
}

/**
 * Signs in on the sign-in screen at `path` (/account/sign-in, perhaps with `?next=`) with the
 * mailed code, as a visitor does; ends on `lands` (default /account).
 */
export async function signInWithCode(
  page: Page,
  stack: StackInfo,
  email: string,
  { path = '/account/sign-in', lands = /\/account$/ }: { path?: string; lands?: RegExp } = {},
): Promise<void> {
  const before = (await mailsTo(stack, email)).length;
  await openHydrated(page, path);
  const address = page.getByRole('textbox', { name: 'E-mail' });
  await expect(address).toBeFocused();
  await address.fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = page.getByRole('textbox', { name: 'Code from the e-mail' });
  await expect(code).toBeFocused();
  await code.fill(await mailedCode(stack, email, before));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(lands, { timeout: 15_000 });
}

export async function signInAsCustomer(page: Page, stack: StackInfo, email: string): Promise<void> {
  const stored = new Map<string, string>();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
  // The same URL as the browser's client: the same storage key.
  const client = createClient(stack.apiUrl, stack.anonKey, {
    auth: { storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const before = (await mailsTo(stack, email)).length;
  const sent = await client.auth.signInWithOtp({ email });
  expect(sent.error).toBeNull();
  const code = await mailedCode(stack, email, before);
  const verified = await client.auth.verifyOtp({ email, token: code, type: 'email' });
  expect(verified.error).toBeNull();
  const entries = [...stored.entries()];
  expect(entries.length).toBeGreaterThan(0);
  await page.addInitScript((items: [string, string][]) => {
    for (const [key, value] of items) {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    }
  }, entries);
}
