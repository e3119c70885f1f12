/**
 * The screens outside the site's header (the maintenance page, the staff sign-in) show the
 * institute's logo from the CMS where they showed its name as plain text.
 */
import { expect, test } from './fixtures.ts';

for (const path of ['/maintenance-preview', '/login']) {
  test(`${path} shows the CMS logo, named by the institute`, async ({ page, sanity }) => {
    const settings = await sanity.fetch<{ name: string; logo: string }>(
      `*[_id == "siteSettings"][0]{ "name": instituteName, "logo": logo.asset->url }`,
    );
    await page.goto(path);
    const logo = page.getByRole('img', { name: settings.name, exact: true });
    await expect(logo).toBeVisible();
    // The CMS's logo, as a picture of it made by the image API (first-paint.spec: no SVG loads).
    expect((await logo.getAttribute('src'))?.split('?')[0]).toBe(settings.logo);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
}
