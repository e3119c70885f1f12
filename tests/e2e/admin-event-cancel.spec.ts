/**
 * Calling off or moving an event that people registered for (issue 22, item 2), as staff in the
 * browser: the events list offers "Cancel event" instead of Delete, its confirmation naming how
 * many are registered; cancelling e-mails each of them (read back from the mail capture) and
 * their cancel link says the event was cancelled. Moving the event in its form e-mails the new
 * time with the new .ics (same UID, SEQUENCE 1). Unpublishing it first warns that its people are
 * not told.
 */
import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { expect, test } from './fixtures.ts';
import { allowManyRequests, linkIn, mailsTo, makeEvent } from './support/engage.ts';
import type { StackInfo } from './support/stack-info.ts';
import { signInAsStaff } from './support/staff.ts';

// The form's times are typed as Nairobi time, whatever zone the admin pages come to use.
test.use({ timezoneId: 'Africa/Nairobi' });

test.beforeAll(async ({ stack }) => allowManyRequests(stack));

const address = (who: string) =>
  `${who}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A registration through the public API, as the registration page sends it. */
async function register(stack: StackInfo, slug: string, email: string): Promise<string> {
  const visitor = createClient<Database>(stack.apiUrl, stack.anonKey, { auth: { persistSession: false } });
  const { data, error } = await visitor
    .rpc('register_for_event', { event_slug: slug, name: 'Achieng Odhiambo', email, phone: '0712 345 678' })
    .single();
  if (error) throw new Error(error.message);
  return data.status;
}

/** Waits for `count` mails to `email` and returns them, oldest first. */
async function awaitMails(stack: StackInfo, email: string, count: number) {
  await expect.poll(async () => (await mailsTo(stack, email)).length, { timeout: 30_000 }).toBe(count);
  return mailsTo(stack, email);
}

async function openEventsList(page: Page, title: string) {
  await page.goto(`/admin/events?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
}

test('an event with registrations is cancelled, not deleted: everyone is e-mailed and their link says so', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000);
  const event = await makeEvent(stack, 1);
  const [seated, waiting] = [address('seated'), address('waiting')];
  expect(await register(stack, event.slug, seated)).toBe('confirmed');
  expect(await register(stack, event.slug, waiting)).toBe('waitlisted');
  const [confirmation] = await awaitMails(stack, seated, 1);

  await signInAsStaff(page);
  await openEventsList(page, event.title);
  const row = page.getByRole('row').filter({ hasText: event.title });
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete event “${event.title}”` })).toHaveCount(0);
  await page.getByRole('button', { name: `Cancel event “${event.title}” (2 people registered)` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel the event “${event.title}”?` });
  await expect(dialog).toContainText(
    '2 people are registered (1 with a seat, 1 on the waitlist): each is e-mailed that the event is cancelled',
  );
  await dialog.getByRole('button', { name: 'Cancel event and e-mail 2 people' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Cancelled “${event.title}”; 2 people e-mailed.` })
      .first(),
  ).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Cancelled', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Publish event “${event.title}”` })).toHaveCount(0);

  for (const email of [seated, waiting]) {
    const mails = await awaitMails(stack, email, 2);
    expect(mails[1]!.subject).toBe(`Event cancelled: ${event.title}`);
  }

  // The link in the first e-mail now says what happened, in words.
  await page.goto(linkIn(confirmation!, `${stack.webUrl}/events/registration/cancel?token=`));
  await expect(page.getByRole('heading', { level: 1, name: 'This event was cancelled' })).toBeVisible();
  await expect(page.getByText('this event was cancelled, so your registration is cancelled too')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel my registration' })).toHaveCount(0);
});

test('moving an event in its form e-mails the registrant the new time with an updated .ics', async ({
  page,
  stack,
  serviceRole,
}) => {
  test.setTimeout(90_000);
  const event = await makeEvent(stack, 5);
  const seated = address('moved');
  expect(await register(stack, event.slug, seated)).toBe('confirmed');
  const [confirmation] = await awaitMails(stack, seated, 1);
  const { data: row } = await serviceRole.from('events').select('id, starts_at').eq('slug', event.slug).single();

  await signInAsStaff(page);
  await page.goto(`/admin/events/${row!.id}`);
  const day = new Date(new Date(row!.starts_at).getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await page.getByLabel('Starts').fill(`${day}T10:00`);
  await page.getByLabel('Ends').fill(`${day}T13:00`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Saved “${event.title}”.` })
      .first(),
  ).toBeVisible();

  const mails = await awaitMails(stack, seated, 2);
  expect(mails[1]!.subject).toBe(`New date, time or venue: ${event.title}`);
  expect(mails[1]!.text).toContain('10:00 to 13:00 (Nairobi time)');
  const ics = (mail: (typeof mails)[number]) =>
    mail.attachments.find((a) => a.filename === `${event.slug}.ics`)?.text ?? '';
  expect(ics(mails[1]!)).toContain('SEQUENCE:1');
  expect(ics(mails[1]!)).toContain(`DTSTART;TZID=Africa/Nairobi:${day.replaceAll('-', '')}T100000`);
  const uid = (text: string) => /\r\nUID:(.+)\r\n/.exec(text)?.[1];
  expect(uid(ics(mails[1]!))).toBe(uid(ics(confirmation!)));
});

test('unpublishing an event with registrations first says that its people are not told', async ({ page, stack }) => {
  const event = await makeEvent(stack, 5);
  expect(await register(stack, event.slug, address('unpublished'))).toBe('confirmed');
  await signInAsStaff(page);
  await openEventsList(page, event.title);
  await page.getByRole('button', { name: `Unpublish event “${event.title}”` }).click();
  const dialog = page.getByRole('dialog', { name: `Unpublish the event “${event.title}”?` });
  await expect(dialog).toContainText(
    '1 person is registered. Unpublishing only hides the event from the website: they stay registered and are not told.',
  );
  await dialog.getByRole('button', { name: 'Unpublish event' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Unpublished “${event.title}”.` })
      .first(),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: event.title });
  await expect(row.getByRole('cell', { name: 'Unpublished', exact: true })).toBeVisible();
});
