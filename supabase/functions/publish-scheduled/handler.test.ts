/** The hosted entry point: only the scheduler (service role key) may run it; it publishes with the write token. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestLake, type TestLake } from '../../../local/content-lake/test-lake.ts';
import { schedulePublish } from '../../../studio/scheduled-publishing/schedule-commands.ts';
import handler from './handler.ts';

const serviceRoleKey = 'service-role-key-of-this-test';
let t: TestLake;
beforeAll(async () => {
  t = await startTestLake();
  Object.assign(process.env, {
    SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
    SANITY_PROJECT_ID: 'test1234',
    SANITY_DATASET: 'fixtures',
    SANITY_API_HOST: t.lake.url,
    SANITY_API_WRITE_TOKEN: t.lake.token,
  });
});
afterAll(() => t.close());

const call = (key: string) =>
  handler(
    new Request('http://functions/publish-scheduled', { method: 'POST', headers: { authorization: `Bearer ${key}` } }),
  );

it('refuses a caller without the service role key', async () => {
  const reply = await call('anon-key');
  expect(reply.status).toBe(403);
  expect(await reply.json()).toEqual({ message: 'Only the scheduler may publish scheduled documents.' });
});

it('publishes what is due with the write token and answers the report', async () => {
  await t.client.create({
    _id: 'drafts.page-about',
    _type: 'page',
    title: 'About: from the function',
    slug: { _type: 'slug', current: 'about' },
  });
  // Scheduled a minute ago for a second ago: due now.
  const { _id } = await schedulePublish(
    t.client,
    { documentId: 'page-about', documentType: 'page', publishAt: new Date(Date.now() - 1000).toISOString() },
    new Date(Date.now() - 60_000),
  );
  const reply = await call(serviceRoleKey);
  expect(reply.status).toBe(200);
  expect(await reply.json()).toMatchObject({ published: [{ scheduleId: _id, documentId: 'page-about' }], failed: [] });
  expect((await t.anonymous.getDocument('page-about'))?.title).toBe('About: from the function');
});
