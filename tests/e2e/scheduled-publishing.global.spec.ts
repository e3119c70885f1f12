/**
 * Scheduled publishing in the real Studio build against the stack's content lake: the Schedule
 * publish action in Nairobi time, the schedule on the document and in the Scheduled tool,
 * unscheduling; then the stack's own worker publishing a due draft that the website shows, and a
 * failure shown in the Studio. Project `global-state`: publishing changes what every visitor sees.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { schedulePublish } from '../../studio/scheduled-publishing/schedule-commands.ts';
import { expect, test } from './fixtures.ts';
import { describeViolations, scanAllRules } from './support/axe-scan.ts';
import { assertNoCspProblems, guardCsp, type CspGuard } from './support/csp-guard.ts';
import { rawLakeClient } from './support/lake-client.ts';

// The Studio loads and saves on the same two cores as the stacks: generous time.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let context: BrowserContext;
let csp: CspGuard;
let page: Page;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1400, height: 1000 } });
  csp = await guardCsp(context);
  page = await context.newPage();
});
test.afterEach(() => assertNoCspProblems(csp));
test.afterAll(async () => {
  await context.close();
});

/** The Scheduled tool, through its link in the Studio's top bar (no reload of the bundle). */
async function openScheduledTool(target: Page): Promise<void> {
  await target.getByRole('link', { name: 'Scheduled' }).first().click();
  await expect(target.getByRole('heading', { name: 'Scheduled', level: 1 })).toBeVisible({ timeout: 30_000 });
}

test('schedule a draft in Nairobi time: it shows on the document and in Scheduled, and unscheduling cancels it', async ({
  stack,
}) => {
  const raw = rawLakeClient(stack);
  const id = 'page-about-business-partners';
  const draftTitle = `Business Partners, for Monday ${Date.now()}`;
  await page.goto(`${stack.studioUrl}structure/page;${id}`);
  const title = page.getByLabel('Title', { exact: true });
  // A Studio just started with its stack loads its large bundle on a loaded machine in over 30 s.
  await expect(title).toBeVisible({ timeout: 90_000 });
  // A draft the Publish button would refuse (no title) cannot be scheduled either.
  await title.fill('');
  await expect.poll(() => raw.fetch('*[_id == $id][0].title', { id: `drafts.${id}` }), { timeout: 30_000 }).toBeNull();
  await page.getByTestId('action-menu-button').click();
  await expect(page.getByRole('menuitem', { name: 'Schedule publish' })).toBeDisabled({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await title.fill(draftTitle);
  await expect
    .poll(() => raw.fetch('*[_id == $id][0].title', { id: `drafts.${id}` }), { timeout: 30_000 })
    .toBe(draftTitle);

  await page.getByTestId('action-menu-button').click();
  await page.getByRole('menuitem', { name: 'Schedule publish' }).click();
  const dialog = page.getByRole('dialog');
  const when = dialog.getByLabel('Publish at');
  await expect(dialog.getByText('Nairobi time (EAT).', { exact: false })).toBeVisible();
  const axe = await scanAllRules(page, '[role="dialog"]');
  expect(axe.violations, describeViolations(axe.violations)).toEqual([]);

  await when.fill('2020-01-06T08:00');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Pick a time in the future: that time has already passed.');

  await when.fill('2030-01-07T08:00');
  await when.press('Enter');
  const schedule = () =>
    raw.fetch<{ _id: string; publishAt: string; state: string } | null>(
      '*[_type == "publishSchedule" && documentId == $id] | order(_createdAt desc)[0]{_id, publishAt, state}',
      { id },
    );
  await expect.poll(schedule, { timeout: 15_000 }).toMatchObject({ publishAt: '2030-01-07T05:00:00.000Z' });
  await expect(page.getByText('Scheduled for 7 Jan 2030, 08:00 EAT').first()).toBeVisible({ timeout: 15_000 });

  await openScheduledTool(page);
  const row = page.getByRole('listitem').filter({ hasText: draftTitle });
  await expect(row).toContainText('Scheduled for 7 Jan 2030, 08:00 EAT');
  await row.getByRole('button', { name: `Unschedule ${draftTitle}` }).click();
  await expect(page.getByText('Nothing is scheduled.')).toBeVisible({ timeout: 15_000 });
  expect((await schedule())?.state).toBe('cancelled');
  // Nothing was published: the site still has the published title.
  expect(await raw.fetch('*[_id == $id][0].title', { id })).toBe('Business Partners');
});

test("the stack's worker publishes a due draft once and the site shows it; a failure shows in Scheduled", async ({
  stack,
  request,
}) => {
  const raw = rawLakeClient(stack);
  const heading = `Ascent gives back, on time ${Date.now()}`;
  await raw.action({
    actionType: 'sanity.action.document.edit',
    draftId: 'drafts.page-about-csr',
    publishedId: 'page-about-csr',
    patch: { set: { 'pageBuilder[_key=="6591467080"].heading': heading } },
  });
  // Scheduled a minute ago (as the Studio's action writes it) for a second ago: due now. The
  // worker's clock is the real one here; publish-due.test.ts moves a clock instead.
  const now = Date.now();
  const due = (documentId: string) =>
    schedulePublish(
      raw,
      { documentId, documentType: 'page', publishAt: new Date(now - 1000).toISOString() },
      new Date(now - 60_000),
    );
  const published = await due('page-about-csr');
  const failing = await due('page-about-why-choose-us'); // no draft: nothing to publish

  await expect
    .poll(async () => (await request.get('/about/csr')).text(), { timeout: 45_000, intervals: [500] })
    .toContain(heading);
  expect(await raw.fetch('*[_id == $id][0]{state, publishedRevision}', { id: published._id })).toMatchObject({
    state: 'published',
    publishedRevision: await raw.fetch('*[_id == "page-about-csr"][0]._rev'),
  });
  await expect.poll(() => raw.fetch('*[_id == $id][0].state', { id: failing._id }), { timeout: 30_000 }).toBe('failed');

  await page.reload();
  await openScheduledTool(page);
  const row = page.getByRole('listitem').filter({ hasText: 'Why Choose Us' });
  await expect(row).toContainText('Scheduled publish failed');
  await expect(row).toContainText('Nothing to publish: the document had no unpublished changes');
  await expect(page.getByRole('listitem').filter({ hasText: heading })).toHaveCount(0);
  await row.getByRole('button', { name: 'Dismiss Why Choose Us' }).click();
  await expect(page.getByText('Nothing is scheduled.')).toBeVisible({ timeout: 15_000 });
});
