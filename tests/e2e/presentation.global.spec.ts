/**
 * Issue 31: the Studio's Presentation tool on the local stack. The editor opens the About page in
 * Presentation (the real Studio build, served by the content lake), clicks the heading in the
 * preview (click-to-edit focuses its field in the Studio), types a new heading: the preview shows
 * the draft as it is saved, in the same document (no reload), while the public /about still shows
 * the published heading; publishing makes it public. Project `global-state`: the published About page is the
 * stack's own, and it is put back as it was at the end.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { createClient, type SanityDocument } from '@sanity/client';
import { expect, test, type StackInfo } from './fixtures.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let context: BrowserContext;
let page: Page;
let publishedBefore: SanityDocument | null = null;
const newHeading = `Previewed, then published ${Date.now()}`;
const heroHeading = '*[_id == $id][0].pageBuilder[_type == "hero"][0].heading';

function rawClient(stack: StackInfo) {
  return createClient({
    projectId: stack.sanity.projectId,
    dataset: stack.sanity.dataset,
    apiVersion: stack.sanity.apiVersion,
    apiHost: stack.contentUrl,
    useProjectHostname: false,
    useCdn: false,
    perspective: 'raw',
    token: stack.sanity.token,
  });
}

test.beforeAll(async ({ browser, stack }) => {
  publishedBefore = (await rawClient(stack).getDocument('page-about')) ?? null;
  // The lake's certificate comes from its own local authority, which this throwaway profile does not trust.
  context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1600, height: 1000 } });
  page = await context.newPage();
});
test.afterAll(async ({ stack }) => {
  await context.close();
  const raw = rawClient(stack);
  const transaction = raw.transaction().delete('drafts.page-about');
  if (publishedBefore) {
    const { _rev, _createdAt, _updatedAt, ...content } = publishedBefore;
    transaction.createOrReplace(content);
  }
  await transaction.commit();
});

test('the About page in Presentation: click-to-edit, the draft live in the preview only, then published', async ({
  stack,
  sanity,
  request,
}) => {
  const published = await sanity.fetch<string>(heroHeading, { id: 'page-about' });
  const preview = encodeURIComponent(`${stack.webUrl}/about`);
  await page.goto(`${stack.studioUrl}presentation?preview=${preview}`);
  const frame = page.frameLocator('iframe[title="Preview"], iframe').first();
  // A Studio just started loads its large bundle slowly on a loaded machine.
  const heroInPreview = frame.getByRole('heading', { level: 1, name: published });
  await expect(heroInPreview).toBeVisible({ timeout: 90_000 });
  await expect(frame.getByRole('status')).toContainText('Preview: drafts are shown');

  // Click-to-edit: the heading's own marker opens its block with the Heading field focused.
  const headingField = page.getByRole('dialog').getByLabel('Heading', { exact: true });
  let attempts = 0;
  await expect(async () => {
    // Clicking the block whose dialog is already open (an earlier click's, focused too late on a
    // busy machine) changes no path, so focuses nothing: another block first, as a person would.
    if (attempts++ > 0) await frame.locator('main h2').first().click({ timeout: 5_000 });
    await heroInPreview.click({ timeout: 5_000 });
    await expect(headingField).toBeFocused({ timeout: 15_000 });
    await expect(headingField).toHaveValue(published);
  }).toPass({ timeout: 90_000 });

  // A mark on the preview's window: a reload would lose it.
  const previewWindow = page.frames().find((candidate) => new URL(candidate.url()).pathname === '/about');
  expect(previewWindow, 'the preview iframe shows /about').toBeDefined();
  await previewWindow!.evaluate(() => Object.assign(window, { e2eSameDocument: true }));

  await headingField.fill(newHeading);
  const raw = rawClient(stack);
  await expect.poll(() => raw.fetch(heroHeading, { id: 'drafts.page-about' }), { timeout: 30_000 }).toBe(newHeading);
  // Live: once the lake holds the draft, the preview shows it, in the same document (no reload).
  // How soon is a measured figure, not a timed assertion (2 s in the issue; docs/measurements.md,
  // "Live preview: typed to shown"): on a loaded CI machine it once took longer than 2 s.
  const lakeHeld = performance.now();
  await expect(frame.getByRole('heading', { level: 1, name: newHeading })).toBeVisible({ timeout: 15_000 });
  test.info().annotations.push({
    type: 'lake to preview',
    description: `${Math.round(performance.now() - lakeHeld)} ms`,
  });
  expect(await previewWindow!.evaluate(() => 'e2eSameDocument' in window)).toBe(true);
  // The public page is the published one, and carries no marker.
  const publicAbout = await (await request.get('/about')).text();
  expect(publicAbout).toContain(published);
  expect(publicAbout).not.toContain(newHeading);
  expect(publicAbout).not.toContain('data-sanity');

  // Publishing makes it public (the site's content cache follows the lake's listener).
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect.poll(() => raw.fetch(heroHeading, { id: 'page-about' }), { timeout: 30_000 }).toBe(newHeading);
  await expect
    .poll(async () => (await (await request.get('/about')).text()).includes(newHeading), { timeout: 30_000 })
    .toBe(true);
});
