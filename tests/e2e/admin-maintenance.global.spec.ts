/**
 * The dashboard's maintenance switch takes the public site into maintenance and out again, each
 * after a confirmation, and the admin stays usable meanwhile (project `global-state`: it changes
 * what every visitor sees, on a stack of its own).
 */
import { expect, test } from './fixtures.ts';
import { createStaffUser, signInAsStaff } from './support/staff.ts';

test('staff switch maintenance on and off from the dashboard; the public site follows', async ({
  page,
  request,
  stack,
  serviceRole,
  setMaintenance,
}) => {
  await setMaintenance(false);
  // Through /login, on this project's own stack; sign-in lands on the dashboard.
  await signInAsStaff(page, await createStaffUser(stack));
  const state = page.getByTestId('maintenance-state');
  await expect(state).toHaveText(/^Off/);

  // Cancelling the confirmation changes nothing.
  await page.getByRole('button', { name: 'Turn maintenance on' }).click();
  const onDialog = page.getByRole('dialog', { name: 'Put the public site into maintenance?' });
  await onDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(onDialog).toHaveCount(0);
  expect((await request.get('/about')).status()).toBe(200);

  await page.getByRole('button', { name: 'Turn maintenance on' }).click();
  await onDialog.getByRole('button', { name: 'Turn maintenance on' }).click();
  await expect(state).toHaveText(/^On/);
  // The site reads the flag on every request: the very next one is the maintenance page.
  const during = await request.get('/about');
  expect(during.status()).toBe(503);
  expect(await during.text()).toContain('maintenance');

  // The admin itself is spared: a reload still shows the dashboard, with the switch on.
  await page.reload();
  await expect(state).toHaveText(/^On/);

  await page.getByRole('button', { name: 'Turn maintenance off' }).click();
  await page
    .getByRole('dialog', { name: 'Open the public site again?' })
    .getByRole('button', { name: 'Turn maintenance off' })
    .click();
  await expect(state).toHaveText(/^Off/);
  expect((await request.get('/about')).status()).toBe(200);
  const { data } = await serviceRole
    .from('site_settings')
    .select('setting_value')
    .eq('setting_key', 'maintenance_mode')
    .single();
  expect(data?.setting_value).toEqual({ is_active: false });
});
