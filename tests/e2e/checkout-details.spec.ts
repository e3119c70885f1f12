/**
 * The checkout's details step on a phone (360 px): the closed intake dropdown cuts its option
 * text short, so the chosen intake's seats left are said below it, in full and on screen; the
 * terms the customer accepts are a link away, to a page that holds them.
 */
import { expect, test } from './fixtures.ts';
import { cartProgram, storeCart } from './support/checkout.ts';
import { openHydrated } from './support/hydrated.ts';

test.use({ viewport: { width: 360, height: 740 } });

test('on a phone the chosen intake’s seats left show in full below the dropdown', async ({ page, serviceRole }) => {
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'executive-leadership-programme'), quantity: 1 }]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  const intake = page.getByRole('combobox', { name: 'Intake' });
  const open = intake.locator('option:not([disabled]):not([value=""])').first();
  const label = (await open.textContent())!;
  const seats = /(\d+ seats? left)$/.exec(label)?.[1];
  expect(seats, `an intake with seats: "${label}"`).toBeTruthy();
  await intake.selectOption((await open.getAttribute('value'))!);

  const said = page.locator('p').filter({ hasText: new RegExp(`${seats}$`) });
  await expect(said).toBeVisible();
  await expect(intake).toHaveAccessibleDescription(new RegExp(`${seats}$`));
  const box = (await said.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
});

test('the terms checkbox links to the booking terms, which open in a new tab', async ({
  page,
  context,
  serviceRole,
}) => {
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 1 }]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  const terms = page.getByRole('link', { name: 'Read the terms and conditions of booking (opens in a new tab)' });
  await expect(terms).toHaveAttribute('target', '_blank');
  const [opened] = await Promise.all([context.waitForEvent('page'), terms.click()]);
  await expect(opened).toHaveURL(/\/terms$/);
  await expect(opened.getByRole('heading', { level: 1 })).toHaveText('Terms and conditions of booking');
  await expect(opened.getByRole('heading', { name: 'Cancelling or moving a booking' })).toBeVisible();
  // The checkout keeps its place.
  await expect(page.getByRole('checkbox', { name: 'I accept the terms and conditions of booking.' })).toBeVisible();
});
