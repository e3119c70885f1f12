/**
 * The per-address refusals as a visitor meets them (issue 15, item 4): a mailbox that has had
 * its day's allowance (recorded beforehand, as if others had used it) is refused, and the
 * footer's newsletter form and the /contact form show the database's sentence as it is.
 */
import type { Page } from '@playwright/test';
import pg from 'pg';
import { expect, test } from './fixtures.ts';
import { allowManyRequests } from './support/engage.ts';
import { openHydrated } from './support/hydrated.ts';
import type { StackInfo } from './support/stack-info.ts';

// Raised for every spec on this stack (the browsers all connect from 127.0.0.1); the allowance
// below is whatever the limit then is.
test.beforeAll(async ({ stack }) => allowManyRequests(stack));

/** Records the mailbox's whole allowance of `write` as used (as `postgres`). */
async function useUpAllowance(stack: StackInfo, write: string, email: string): Promise<void> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into private.address_requests (write, address_key)
       select $1, private.address_key($2)
         from generate_series(1, (select l.max_per_address from private.address_limits l where l.write = $1))`,
      [write, email],
    );
  } finally {
    await client.end();
  }
}

const victim = (testId: string) => `victim-${testId.slice(0, 8)}-${Date.now().toString(36)}@example.com`;
/** The same mailbox as the form would get it from an attacker: a +tag and capitals. */
const disguised = (address: string) => address.replace('@', '+promo@').toUpperCase();

test('the footer says why a mailbox gets no more confirmation mails today', async ({ page, stack }, testInfo) => {
  const address = victim(testInfo.testId);
  await useUpAllowance(stack, 'newsletter', address);
  await openHydrated(page, '/');
  const footer = page.locator('footer.site-footer');
  await footer.getByRole('textbox', { name: 'Email address' }).fill(disguised(address));
  await footer.getByRole('button', { name: /^Subscrib/ }).click();
  await expect(
    page.getByRole('status').filter({
      hasText:
        /^We have sent several confirmation e-mails to this address recently\. Please check its inbox \(and spam folder\), or try again in \d+ hours\.$/,
    }),
  ).toBeVisible({ timeout: 15_000 });
});

async function fillEnquiry(page: Page, email: string): Promise<void> {
  const form = page.locator('form.enquiry-form');
  await form.getByRole('textbox', { name: 'Name' }).fill('Nyambura Githinji');
  await form.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await form.getByRole('combobox', { name: 'Topic' }).selectOption('training');
  await form.getByRole('textbox', { name: 'Message' }).fill(`Please call me about leadership training. ${Date.now()}`);
  await form.getByRole('checkbox', { name: /I agree that Ascent may use these details/ }).check();
}

test('the enquiry form says why a mailbox cannot send another message today', async ({ page, stack }, testInfo) => {
  const address = victim(testInfo.testId);
  await useUpAllowance(stack, 'enquiry', address);
  await openHydrated(page, '/contact');
  await fillEnquiry(page, disguised(address));
  const form = page.locator('form.enquiry-form');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    /^We have received several messages from this e-mail address in a short time\. Please wait \d+ hours before sending another\.$/,
    { timeout: 15_000 },
  );
  await expect(page.getByRole('heading', { name: 'Thank you, your message is on its way' })).toHaveCount(0);
});
