/**
 * The maintenance switch end to end (project `global-state`: runs after every other test, alone):
 * on, every public page answers 503 with the CMS's maintenance copy while the exempt paths stay
 * reachable; off again, the site is back.
 */
import { expect, test } from './fixtures.ts';

interface MaintenanceCopy {
  heading: string | null;
  email: string;
}

test('maintenance mode replaces public pages and spares the exempt paths', async ({
  page,
  request,
  sanity,
  setMaintenance,
}) => {
  const copy = await sanity.fetch<MaintenanceCopy>(
    `*[_id == "siteSettings"][0]{ "heading": maintenance.heading, email }`,
  );
  const heading = copy.heading ?? 'Under Maintenance';

  await setMaintenance(true, { waitFor: ['/', '/about'] });
  const about = await request.get('/about');
  expect(about.status()).toBe(503);
  expect(await about.text()).toContain(heading);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('link', { name: copy.email })).toBeVisible();

  const preview = await request.get('/maintenance-preview');
  expect(preview.status()).toBe(200);

  await setMaintenance(false, { waitFor: ['/', '/about'] });
  expect((await request.get('/about')).status()).toBe(200);
});
