/**
 * A signed-in customer for the account specs: signs the address in through the local Auth's
 * e-mail OTP with supabase-js (signInWithOtp, the code read from the mail capture, verifyOtp), and
 * hands the session to the page as the browser's client stores it, so the next page load is signed in.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import { capturedMail } from '../../support/mail-capture.ts';
import type { StackInfo } from './stack-info.ts';

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
  const sent = await client.auth.signInWithOtp({ email });
  expect(sent.error).toBeNull();
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await capturedMail(stack.mailApiUrl, { to: email });
        code = mails.map((mail) => /enter the code: (\d{6})/.exec(mail.text ?? '')?.[1]).find(Boolean);
        return code;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  const verified = await client.auth.verifyOtp({ email, token: code!, type: 'email' });
  expect(verified.error).toBeNull();
  const entries = [...stored.entries()];
  expect(entries.length).toBeGreaterThan(0);
  await page.addInitScript((items: [string, string][]) => {
    for (const [key, value] of items) {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    }
  }, entries);
}
