/** The stack's worker publishes a due schedule by itself, and stops cleanly. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { schedulePublish } from '../../studio/scheduled-publishing/schedule-commands.ts';
import { startTestLake, type TestLake } from '../content-lake/test-lake.ts';
import { startScheduledPublishing } from './index.ts';

let t: TestLake;
beforeEach(async () => (t = await startTestLake()));
afterEach(() => t.close());

it('publishes a due schedule on its own, and logs it', async () => {
  await t.client.action({
    actionType: 'sanity.action.document.edit',
    draftId: 'drafts.page-about',
    publishedId: 'page-about',
    patch: { set: { title: 'About: on time' } },
  });
  const publishAt = new Date('2026-11-30T05:00:00Z');
  const { _id } = await schedulePublish(
    t.client,
    { documentId: 'page-about', documentType: 'page', publishAt: publishAt.toISOString() },
    new Date(publishAt.getTime() - 60_000),
  );
  const logs: string[] = [];
  const worker = startScheduledPublishing({
    lake: { apiHost: t.lake.url, dataset: 'fixtures', apiVersion: '2025-02-19', token: t.lake.token },
    everyMs: 20,
    log: (line) => logs.push(line),
    now: () => publishAt,
  });
  try {
    await expect.poll(async () => (await t.client.getDocument(_id))?.state, { timeout: 15_000 }).toBe('published');
  } finally {
    await worker.stop();
  }
  expect((await t.anonymous.getDocument('page-about'))?.title).toBe('About: on time');
  expect(logs).toContain('scheduled publishing: published page-about');
});
