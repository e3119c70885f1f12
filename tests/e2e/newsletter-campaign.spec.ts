/**
 * Issue 32's done-when in the browser: a marketing staff member writes a campaign for the
 * subscribers interested in one program category, with a block for a program chosen from the
 * catalogue, sends a test to their own address (seen in the mail capture with the program's
 * title and its price as it is then), then sends it: only the interested confirmed subscribers
 * receive it, each once, with the block, and a mail client's RFC 8058 one-click POST unsubscribes them. One subscriber chooses the
 * topic on the confirmation page. The campaigns screen is axe clean in both themes.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { capturedMail, type CapturedMessage } from '../support/mail-capture.ts';
import { expect, test, type StackInfo, type Theme } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { settle } from './support/settle.ts';
import { createStaffUser, signInAsStaff, type Account } from './support/staff.ts';

type ServiceRole = SupabaseClient<Database>;

async function marketingMember(stack: StackInfo, serviceRole: ServiceRole): Promise<Account> {
  // Another admin first: the last active admin may not lose the role (on a fresh stack).
  await createStaffUser(stack);
  const account = await createStaffUser(stack);
  const update = await serviceRole
    .from('staff')
    .update({ roles: ['marketing'] })
    .eq('user_id', account.userId);
  expect(update.error).toBeNull();
  return account;
}

async function confirmedSubscriber(serviceRole: ServiceRole, email: string, topic: string) {
  const inserted = await serviceRole
    .from('newsletter_subscribers')
    .insert({
      email,
      source: 'e2e',
      status: 'confirmed',
      confirmed_at: new Date().toISOString(),
      consented_at: new Date().toISOString(),
      consent_text: 'I agree to receive the Ascent newsletter.',
    })
    .select('id')
    .single();
  expect(inserted.error).toBeNull();
  const interest = await serviceRole
    .from('newsletter_subscriber_interests')
    .insert({ subscriber_id: inserted.data!.id, topic, consent_text: `I want newsletter mail about: ${topic}` });
  expect(interest.error).toBeNull();
}

const mailsTo = (stack: StackInfo, email: string) => capturedMail(stack.mailApiUrl, { to: email });

/** The program's block, HTML and text: its title linking to its page, and its price when sent (not when written). */
function expectProgramBlock(mail: CapturedMessage, title: string, slug: string) {
  expect(mail.html).toMatch(new RegExp(`<a href="[^"]*/training/${slug}">${title}</a>`));
  expect(mail.text).toMatch(new RegExp(`Programme: ${title}\\nKES 1,250\\nhttp\\S*/training/${slug}\\n`));
  for (const part of [mail.html, mail.text]) {
    expect(part).not.toContain('KES 1,000');
    expect(part).not.toContain('[[program:');
  }
}

test('marketing sends a campaign to one category’s subscribers, each once, with a working one-click unsubscribe', async ({
  page,
  stack,
  serviceRole,
}) => {
  test.setTimeout(180_000);
  const tag = randomBytes(4).toString('hex');
  const category = `Campaign category ${tag}`;
  const programTitle = `Campaign program ${tag}`;
  const program = await serviceRole
    .from('training_programs')
    .insert({
      title: programTitle,
      slug: `campaign-program-${tag}`,
      category,
      focus: 'Managers',
      description: 'A program for the campaign test.',
      duration: '5 days',
      price_amount: 1000,
      currency: 'KES',
      is_published: true,
    })
    .select('id')
    .single();
  expect(program.error).toBeNull();
  const programId = program.data!.id;

  // One subscriber chooses the category on the confirmation page.
  const chooser = `chooser-${tag}@example.com`;
  const pending = await serviceRole
    .from('newsletter_subscribers')
    .insert({ email: chooser, source: 'e2e', status: 'pending' })
    .select('token')
    .single();
  expect(pending.error).toBeNull();
  await page.goto(`/newsletter/confirm?token=${pending.data!.token}`);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status')).toContainText('Your subscription is confirmed');
  await page.getByRole('checkbox', { name: category }).check();
  await page.getByRole('button', { name: 'Save my topics' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your topics are saved' })).toBeVisible();

  const alsoKeen = `keen-${tag}@example.com`;
  const elsewhere = `events-${tag}@example.com`;
  await confirmedSubscriber(serviceRole, alsoKeen, category);
  await confirmedSubscriber(serviceRole, elsewhere, 'Events');

  const staff = await marketingMember(stack, serviceRole);
  await signInAsStaff(page, staff);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Campaigns', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Newsletter campaigns', level: 1 })).toBeVisible();

  const subject = `New intakes ${tag}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Preheader (the preview line in the inbox)').fill('Starting in December');
  const text = page.getByLabel('Text (a blank line starts a new paragraph)');
  await text.fill('Starts soon:\n');
  // The block, chosen from the catalogue by keyboard: the list, then the button.
  const picker = page.getByLabel('Programme, intake or event');
  await picker.focus();
  await picker.selectOption({ label: programTitle });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Insert into the text' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Inserted Programme: ${programTitle}` })).toBeVisible();
  await expect(text).toHaveValue(`Starts soon:\n[[program:${programId}]]\n`);
  await page.getByLabel('Audience').selectOption({ label: `Interested in ${category}` });
  await page.getByRole('button', { name: 'Save draft' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: subject }) });
  await expect(row.getByRole('cell', { name: 'Draft', exact: true })).toBeVisible();

  // The price changes after writing: the mails show the price when they are sent.
  const repriced = await serviceRole.from('training_programs').update({ price_amount: 1250 }).eq('id', programId);
  expect(repriced.error).toBeNull();
  await row.getByRole('button', { name: new RegExp(`^Send a test to me\\s*: “${subject}”$`) }).click();
  await expect
    .poll(async () => (await mailsTo(stack, staff.email)).map((mail) => mail.subject), { timeout: 30_000 })
    .toEqual([`[Test] ${subject}`]);
  const [testMail] = await mailsTo(stack, staff.email);
  expectProgramBlock(testMail!, programTitle, `campaign-program-${tag}`);

  await row.getByRole('button', { name: new RegExp(`^Send to subscribers\\s*: “${subject}”$`) }).click();
  for (const email of [chooser, alsoKeen]) {
    await expect
      .poll(async () => (await mailsTo(stack, email)).filter((mail) => mail.subject === subject).length, {
        timeout: 30_000,
      })
      .toBe(1);
  }
  // Everyone addressed has been sent to: the campaign is sent, with exactly these two.
  await expect
    .poll(
      async () => {
        const { data } = await serviceRole
          .from('newsletter_campaigns')
          .select('state, newsletter_campaign_recipients(state)')
          .eq('subject', subject)
          .single();
        return data;
      },
      { timeout: 30_000 },
    )
    .toEqual({ state: 'sent', newsletter_campaign_recipients: [{ state: 'sent' }, { state: 'sent' }] });
  expect((await mailsTo(stack, elsewhere)).filter((mail) => mail.subject === subject)).toEqual([]);
  expect((await mailsTo(stack, chooser)).filter((mail) => mail.subject === subject)).toHaveLength(1);
  expect((await mailsTo(stack, alsoKeen)).filter((mail) => mail.subject === subject)).toHaveLength(1);
  for (const email of [chooser, alsoKeen]) {
    const [sent] = (await mailsTo(stack, email)).filter((mail) => mail.subject === subject);
    expectProgramBlock(sent!, programTitle, `campaign-program-${tag}`);
  }

  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` to the header's address.
  const [mail] = (await mailsTo(stack, chooser)).filter((mail) => mail.subject === subject);
  expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const oneClick = /^<(.+)>$/.exec(mail!.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
  const response = await fetch(oneClick, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(response.status).toBe(200);
  const { data: gone } = await serviceRole
    .from('newsletter_subscribers')
    .select('status')
    .eq('email', chooser)
    .single();
  expect(gone).toEqual({ status: 'unsubscribed' });

  await page.reload();
  await expect(row.getByRole('cell', { name: 'Sent', exact: true })).toBeVisible();
  // The results over time: the chart, and its figures as a table (two mails sent).
  await expect(page.getByRole('heading', { name: `Sent over time: ${subject}` })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`mails of “${subject}” sent per minute`) })).toBeVisible();
  const { violations } = await scanAllRules(page);
  expect(violations.length, `campaigns with results:\n${describeViolations(violations)}`).toBe(0);
});

const scans = { light: scanAllRules, dark: scanThemeDependentRules } as const;

async function expectNoViolations(page: Page, theme: Theme) {
  await settle(page);
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
  const { violations } = await scans[theme](page);
  expect(violations.length, `campaigns (${theme}):\n${describeViolations(violations)}`).toBe(0);
}

for (const theme of ['light', 'dark'] as const) {
  test(`the campaigns screen has no WCAG 2.1 A/AA violations (${theme})`, async ({
    page,
    stack,
    serviceRole,
    setTheme,
  }) => {
    await setTheme(page, theme);
    await signInAsStaff(page, await marketingMember(stack, serviceRole));
    await page.goto('/admin/campaigns');
    await expect(page.getByRole('heading', { name: 'Newsletter campaigns', level: 1 })).toBeVisible();
    await expectNoViolations(page, theme);
  });
}
