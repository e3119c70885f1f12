/**
 * Staff sessions end after the inactivity time-out (issue 26; site_settings.staff_idle_timeout):
 * activity keeps the admin open, and after the set minutes without any the page signs out and
 * /login says why. The browser's clock is moved (page.clock), not waited for.
 */
import { idleMinutesFrom, idleSignOutMessage } from '../../web/app/features/session/idle-timeout.ts';
import { expect, test } from './fixtures.ts';
import { describeViolations, scanAllRules } from './support/axe-scan.ts';
import { settle } from './support/settle.ts';
import { signInAsStaff } from './support/staff.ts';

const minutesMs = (minutes: number) => minutes * 60_000;

test('after the set minutes without activity the admin signs out and /login says why; activity keeps it open', async ({
  page,
  serviceRole,
}) => {
  const setting = await serviceRole
    .from('site_settings')
    .select('setting_value')
    .eq('setting_key', 'staff_idle_timeout')
    .single();
  expect(setting.error).toBeNull();
  const minutes = idleMinutesFrom(setting.data!.setting_value);

  await page.clock.install();
  await signInAsStaff(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });

  // A minute short of the time-out, the person presses a key: the count starts again, so well
  // past the first deadline the admin is still open (a page read through the session proves it).
  await page.clock.fastForward(minutesMs(minutes - 1));
  await page.keyboard.press('Shift');
  await page.clock.fastForward(minutesMs(minutes - 1));
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();

  // Then nothing for the whole time-out.
  await page.clock.fastForward(minutesMs(minutes) + 1_000);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'without activity' })).toHaveText(
    idleSignOutMessage(minutes),
  );
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  // The session is gone: /admin sends the browser back to /login.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('without activity')).toHaveCount(0);
});

test('/login with the time-out message has no WCAG 2.1 A/AA violations', async ({ page }) => {
  await page.clock.install();
  await signInAsStaff(page);
  // The time-out is armed once the page has read its setting (an awaited request): time moved on
  // before that passes unseen, so it moves on until the page has signed out.
  const message = page.getByRole('status').filter({ hasText: 'without activity' });
  await expect(async () => {
    await page.clock.fastForward(minutesMs(721));
    await expect(message).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await settle(page);
  const { violations } = await scanAllRules(page);
  expect(violations.length, describeViolations(violations)).toBe(0);
});
