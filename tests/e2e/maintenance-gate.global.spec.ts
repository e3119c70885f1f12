/**
 * The maintenance gate (project `global-state`: one test at a time, on its own stack). On: every
 * public page answers 503 with Retry-After and the maintenance page (heading, e-mail, phone from
 * the CMS), also on client-side navigation; /admin*, /login* and /maintenance-preview are spared.
 * Off: the site is back within seconds. A missing or malformed value means off.
 */
import pg from 'pg';
import { ROUTE_PATHS } from '../../web/app/config/routes-table.ts';
import { expect, test, type StackInfo } from './fixtures.ts';
import { htmlText } from './support/html-text.ts';

interface Contact {
  heading: string | null;
  email: string;
  phone: string;
}

const CONTACT_QUERY = `*[_id == "siteSettings"][0]{ "heading": maintenance.heading, email, phone }`;

/** Every public page the gate must replace: the CMS pages, the shop screens and unknown paths. */
const GATED = [...ROUTE_PATHS, '/cart', '/checkout', '/order-confirmation', '/no-such-page'];
const EXEMPT = ['/admin', '/admin/events', '/login', '/maintenance-preview'];

/** Polls a never-cached URL until its status satisfies `done`. */
async function waitForStatus(stack: StackInfo, done: (status: number) => boolean, timeoutMs = 10_000): Promise<number> {
  const began = Date.now();
  for (;;) {
    const { status } = await fetch(`${stack.webUrl}/?gate=${Date.now()}`, { redirect: 'manual' });
    if (done(status)) return Date.now() - began;
    if (Date.now() - began > timeoutMs) throw new Error(`still ${status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('on: every public page is the 503 maintenance page with Retry-After, e-mail and phone', async ({
  request,
  sanity,
  setMaintenance,
}) => {
  test.setTimeout(120_000);
  const contact = await sanity.fetch<Contact>(CONTACT_QUERY);
  await setMaintenance(true, { waitFor: GATED });
  for (const path of GATED) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(503);
    expect(Number(response.headers()['retry-after']), `${path} Retry-After`).toBeGreaterThan(0);
    expect(response.headers()['cache-control'], path).toContain('no-store');
    const text = htmlText(await response.text());
    expect(text, path).toContain(contact.heading ?? 'Under Maintenance');
    expect(text, path).toContain(contact.email);
    expect(text, path).toContain(contact.phone);
  }
});

test('on: the page shows the maintenance copy and its contact links in the browser', async ({
  page,
  sanity,
  setMaintenance,
}) => {
  const contact = await sanity.fetch<Contact>(CONTACT_QUERY);
  await setMaintenance(true, { waitFor: ['/about'] });
  const response = await page.goto('/about');
  expect(response?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(contact.heading ?? 'Under Maintenance');
  await expect(page.getByRole('link', { name: contact.email })).toHaveAttribute('href', `mailto:${contact.email}`);
  await expect(page.getByRole('link', { name: contact.phone })).toBeVisible();
  await expect(page).toHaveTitle(/^Under Maintenance \| /);
});

test('on: a visitor already on the site sees the maintenance page at the next navigation', async ({
  page,
  sanity,
  setMaintenance,
}) => {
  const contact = await sanity.fetch<Contact>(CONTACT_QUERY);
  expect((await page.goto('/'))?.status()).toBe(200);
  await page.waitForLoadState('networkidle');
  await setMaintenance(true);
  await page.evaluate(() => {
    // A client-side navigation (no full load): the router fetches the next page's data.
    const link = [...document.querySelectorAll<HTMLAnchorElement>('main a[href="/contact"], a[href="/contact"]')][0];
    link?.click();
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(contact.heading ?? 'Under Maintenance');
});

test('on: /admin*, /login* and /maintenance-preview are not replaced', async ({ page, sanity, setMaintenance }) => {
  const contact = await sanity.fetch<Contact>(CONTACT_QUERY);
  const heading = contact.heading ?? 'Under Maintenance';
  await setMaintenance(true);
  for (const path of EXEMPT) {
    const response = await page.goto(path);
    expect(response?.status(), path).not.toBe(503);
    await page.waitForLoadState('networkidle');
    const replaced = page.getByRole('heading', { level: 1, name: heading });
    if (path === '/maintenance-preview') {
      expect(response?.status()).toBe(200);
      await expect(replaced).toBeVisible();
      await expect(page.getByRole('link', { name: contact.email })).toBeVisible();
    } else {
      await expect(replaced, path).toHaveCount(0);
      // Signed out, the admin paths lead to the sign-in screen, which works during maintenance.
      await expect(page, path).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Staff sign-in' }), path).toBeVisible();
    }
  }
});

test('off: the site is back within seconds; the preview still shows the page', async ({
  request,
  setMaintenance,
  stack,
}) => {
  await setMaintenance(true);
  const began = Date.now();
  await setMaintenance(false, { waitFor: ['/', '/about'] });
  expect(Date.now() - began, 'time until / and /about answer again').toBeLessThan(6_000);
  expect((await request.get('/about')).status()).toBe(200);
  await waitForStatus(stack, (status) => status === 200);
  const preview = await request.get('/maintenance-preview');
  expect(preview.status()).toBe(200);
  expect(htmlText(await preview.text())).toContain('Under Maintenance');
});

test('a missing or malformed value means off', async ({ serviceRole, setMaintenance, stack }) => {
  test.setTimeout(90_000);
  // The schema refuses a malformed value written through the API...
  const refused = await serviceRole
    .from('site_settings')
    .update({ setting_value: { is_active: 'yes' } })
    .eq('setting_key', 'maintenance_mode');
  expect(refused.error?.code).toBe('23514');

  // ...so, as a database without that check would hold one, write it past the check directly.
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const write = (value: unknown) =>
    db.query(`update public.site_settings set setting_value = $1::jsonb where setting_key = 'maintenance_mode'`, [
      JSON.stringify(value),
    ]);
  try {
    await db.query('alter table public.site_settings drop constraint site_settings_maintenance_shape');
    for (const malformed of [{ is_active: 'yes' }, { is_active: 1 }, { active: true }, 'true', [true], null]) {
      await write({ is_active: true });
      await waitForStatus(stack, (status) => status === 503);
      await write(malformed);
      await waitForStatus(stack, (status) => status === 200);
    }
  } finally {
    await write({ is_active: false });
    await db.query(`alter table public.site_settings add constraint site_settings_maintenance_shape check (
      setting_key <> 'maintenance_mode' or jsonb_typeof(setting_value -> 'is_active') = 'boolean')`);
    await db.end();
  }

  // No row at all: off.
  await setMaintenance(true);
  const removed = await serviceRole.from('site_settings').delete().eq('setting_key', 'maintenance_mode');
  expect(removed.error).toBeNull();
  await waitForStatus(stack, (status) => status === 200);
  await setMaintenance(false);
});
