/**
 * The Sanity Studio offline: the real Studio build in Chromium against the local content lake
 * (HTTP/2 over TLS, the lake's own certificate). Project `global-state`: publishing changes what
 * every visitor sees, so these run one at a time on that worker's own stack, in order, on one page.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { createClient, type SanityClient } from '@sanity/client';
import sharp from 'sharp';
import { logProblems, startTestStack } from '../support/test-stack.ts';
import { expect, test, type StackInfo } from './fixtures.ts';
import { assertNoCspProblems, guardCsp, type CspGuard } from './support/csp-guard.ts';

// The Studio validates, saves and re-renders on the same two cores as three stacks: generous time.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let context: BrowserContext;
let csp: CspGuard;
let page: Page;
let studioUrl: string;
const newHeading = `Learn, lead, rise: edited offline ${Date.now()}`;

test.beforeAll(async ({ browser, stack }) => {
  // The lake's certificate comes from its own local authority, which this throwaway profile does not trust.
  context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1400, height: 1000 } });
  // The Studio runs under its own Content-Security-Policy (local/content-lake/studio-csp.ts).
  csp = await guardCsp(context);
  page = await context.newPage();
  studioUrl = stack.studioUrl;
});
test.afterEach(() => {
  assertNoCspProblems(csp);
});
test.afterAll(async () => {
  await context.close();
});

/**
 * Opens a document in the desk: through its link in the open list when the Studio is already
 * loaded (no reload of its large bundle), else by address; resolves once its form shows.
 */
async function openDocument(target: Page, base: string, type: string, id: string): Promise<void> {
  const path = `${new URL(base).pathname}structure/${type};${id}`;
  const link = target.locator(`a[href="${path}"]`);
  // Dialogs an earlier test left open (a block, an array item) close first, innermost first.
  const close = target.getByRole('button', { name: 'Close dialog' });
  for (let open = await close.count(); open > 0; open = await close.count()) await close.last().click();
  if (target.url().startsWith(base) && (await link.count()) > 0) await link.first().click();
  else await target.goto(`${base}structure/${type};${id}`);
  await expect(target).toHaveURL(new RegExp(`;${id}$`));
  // A Studio just started with its stack loads its large bundle on a loaded CI machine in over 30 s.
  await expect(target.getByLabel('Title', { exact: true })).toBeVisible({ timeout: 60_000 });
}

/** Every document as the lake holds it, drafts included: to see what the Studio saved. */
function rawClient(stack: StackInfo): SanityClient {
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

/**
 * The form renders only the array items near the viewport, and the Presentation tool's "Used on
 * one page" panel sits above the fields: scroll the form until `text` is there.
 */
async function scrollFormTo(target: Page, text: string): Promise<void> {
  const item = target.getByText(text).first();
  await expect(async () => {
    if ((await item.count()) === 0) {
      await target.getByText('Page sections').first().hover();
      await target.mouse.wheel(0, 400);
    }
    await expect(item).toBeAttached({ timeout: 1_000 });
    // To the middle of the form: at the edge of the rendered range the virtual list renders the
    // item again and again (it was detached on every click attempt).
    await item.evaluate((element) => element.scrollIntoView({ block: 'center' }), undefined, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/** A field the Studio's validation marks as an error. */
const fieldErrors = (target: Page) => target.getByTestId('input-validation-icon-error');

/**
 * Publishes once the lake holds the draft `saved` looks for, until `published` holds. The Studio
 * validates a moment after each change; a Publish clicked while an older run still reports errors
 * (on this busy machine, seconds) is refused with a "Validation errors" toast, and is clicked
 * again, as a person would.
 */
async function publishWhenSaved(
  target: Page,
  saved: () => Promise<unknown>,
  published: () => Promise<unknown>,
): Promise<void> {
  await expect.poll(saved, { timeout: 30_000 }).toBeTruthy();
  const button = target.getByTestId('action-publish');
  await expect(async () => {
    // An earlier click may be publishing still (validation first, then the action, seconds on a
    // busy machine); its button stays disabled until then, so look before clicking again.
    if (await published()) return;
    await expect(fieldErrors(target)).toHaveCount(0);
    await button.click({ timeout: 5_000 });
    await expect.poll(published, { timeout: 5_000 }).toBeTruthy();
  }).toPass({ timeout: 60_000 });
}

test('the Studio page is served under a Content-Security-Policy of its own', async () => {
  // Through the browser: only Chromium resolves the Studio's <project>.localhost host.
  const response = await page.goto(studioUrl);
  expect(response?.status()).toBe(200);
  const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
  const script = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  expect(script).toMatch(/^'self' 'sha256-/);
  expect(script).not.toContain("'unsafe-inline'");
  expect(policy).toMatch(/frame-ancestors 'none'/);
});

test('edit the home hero heading and publish it: validation holds, the website shows it within 10 s', async ({
  sanity,
  stack,
  request,
}) => {
  const raw = rawClient(stack);
  const draftHeading = () =>
    raw.fetch<string | null>('*[_id == "drafts.page-home"][0].pageBuilder[_type == "hero"][0].heading');
  const hero = await sanity.fetch<{ heading: string }>(
    '*[_id == "page-home"][0].pageBuilder[_type == "hero"][0]{heading}',
  );
  await openDocument(page, studioUrl, 'page', 'page-home');
  await page.getByText(hero.heading).first().click();
  const heading = page.getByRole('dialog').getByLabel('Heading', { exact: true });
  // Schema rules hold: a hero without a heading (which the website could not render) is an error.
  await heading.fill('');
  await expect.poll(draftHeading, { timeout: 30_000 }).toBeNull();
  await expect(fieldErrors(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('action-publish')).toBeDisabled();
  await heading.fill(newHeading);
  await page.keyboard.press('Escape');
  await publishWhenSaved(
    page,
    async () => (await draftHeading()) === newHeading,
    async () => (await raw.fetch('*[_id == "page-home"][0].pageBuilder[_type == "hero"][0].heading')) === newHeading,
  );
  const published = Date.now();
  await expect
    .poll(async () => (await request.get('/')).text(), { timeout: 10_000, intervals: [250] })
    .toContain(newHeading);
  expect(Date.now() - published).toBeLessThan(10_000);
});

test('add a question to a page FAQ and publish it', async ({ sanity, stack }) => {
  const raw = rawClient(stack);
  const question = `Can I visit without an appointment? (${Date.now()})`;
  await openDocument(page, studioUrl, 'page', 'page-contact');
  const dialog = page.getByRole('dialog');
  await expect(async () => {
    await scrollFormTo(page, 'Contact questions');
    await page.getByText('Contact questions').first().click({ timeout: 3_000 });
    await expect(dialog.getByRole('button', { name: 'Add item' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.locator('[data-testid="pt-editor"] [contenteditable="true"]').last().click();
  await page.keyboard.type('Yes: the front desk is open on weekdays from 8am.');
  await publishWhenSaved(
    page,
    () =>
      raw.fetch<boolean>(
        'defined(*[_id == "drafts.page-contact"][0].pageBuilder[_type == "faq"][0].items[question == $question][0].answer[0].children[0].text)',
        { question },
      ),
    async () =>
      (
        await sanity.fetch<string[]>('*[_id == "page-contact"][0].pageBuilder[_type == "faq"][0].items[].question')
      ).includes(question),
  );
  expect(await sanity.fetch('count(*[_id == "drafts.page-contact"])')).toBe(0);
});

test('upload an image into a block and publish it', async ({ sanity, stack }) => {
  const raw = rawClient(stack);
  mkdirSync(test.info().outputDir, { recursive: true });
  const file = join(test.info().outputDir, 'studio-upload.png');
  const image = () =>
    sanity.fetch<{ originalFilename: string; url: string } | null>(
      '*[_id == "page-contact"][0].pageBuilder[_type == "hero"][0].image.asset->{originalFilename, url}',
    );
  await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c2410c' } })
    .png()
    .toFile(file);
  await openDocument(page, studioUrl, 'page', 'page-contact');
  await page.getByText('Talk to us').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('options-menu-button').first().click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload' }).click();
  await (await chooser).setFiles(file);
  await publishWhenSaved(
    page,
    () =>
      raw.fetch<boolean>(
        '*[_id == "drafts.page-contact"][0].pageBuilder[_type == "hero"][0].image.asset->originalFilename == "studio-upload.png"',
      ),
    async () => (await image())?.originalFilename === 'studio-upload.png',
  );
  const served = await fetch((await image())?.url ?? '');
  expect(served.headers.get('content-type')).toBe('image/png');
});

test('discard a draft', async ({ stack }) => {
  const raw = rawClient(stack);
  await openDocument(page, studioUrl, 'page', 'page-about');
  const title = page.getByLabel('Title', { exact: true });
  const published = await title.inputValue();
  await title.fill(`${published} (a draft to throw away)`);
  await expect
    .poll(() => raw.fetch('*[_id == "drafts.page-about"][0].title'), { timeout: 15_000 })
    .toBe(`${published} (a draft to throw away)`);
  // The menu can open before the Studio's own state has the draft (its item disabled), and close
  // when the state arrives: open it again until its item can be pressed, as a person would.
  const discard = page.getByRole('menuitem', { name: 'Discard changes' });
  await expect(async () => {
    if (!(await discard.isVisible())) await page.getByTestId('action-menu-button').click({ timeout: 5_000 });
    await discard.click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await page.getByTestId('confirm-button').click();
  await expect(title).toHaveValue(published);
  await expect.poll(() => raw.fetch('count(*[_id == "drafts.page-about"])')).toBe(0);
});

test('search for a document by its title', async () => {
  await page
    .getByRole('button', { name: /search/i })
    .first()
    .click();
  // The list re-renders as each keystroke's search answers: wait for the whole word's answer, and
  // only then click a result (an earlier answer re-rendering the list could move another under the mouse).
  const answered = page.waitForResponse((response) => {
    const request = response.request();
    return (
      response.url().includes('/data/query/') &&
      /accreditation/i.test(decodeURIComponent(`${request.url()} ${request.postData() ?? ''}`))
    );
  });
  await page.keyboard.type('Accreditation');
  await answered;
  // A search result names its type ("Page"); the desk's own list behind the search does not.
  const result = page.getByRole('option').filter({ hasText: 'Accreditation' }).filter({ hasText: /Page$/ }).first();
  await expect(result).toBeVisible();
  await result.click();
  await expect(page).toHaveURL(/page-about-accreditation/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Accreditation');
});

test('a reload keeps the published edit', async () => {
  await page.reload();
  await openDocument(page, studioUrl, 'page', 'page-home');
  await expect(page.getByText(newHeading).first()).toBeVisible();
});

test('a restarted stack keeps an edit made in the Studio', async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'ascent-studio-restart-'));
  const title = `Gallery, kept across a restart ${Date.now()}`;
  try {
    const first = await startTestStack({ website: false, dataDir, log: logProblems('  [restart stack] ') });
    try {
      const raw = rawClient(first.info);
      await openDocument(page, first.info.studioUrl, 'page', 'page-media');
      await page.getByLabel('Title', { exact: true }).fill(title);
      await publishWhenSaved(
        page,
        async () => (await raw.fetch('*[_id == "drafts.page-media"][0].title')) === title,
        async () => (await raw.fetch('*[_id == "page-media"][0].title')) === title,
      );
    } finally {
      await first.stop();
    }
    const second = await startTestStack({ website: false, dataDir, log: logProblems('  [restart stack] ') });
    try {
      await openDocument(page, second.info.studioUrl, 'page', 'page-media');
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
