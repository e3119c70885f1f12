/**
 * Documents under a path (an id with a dot, like the scheduled-publishing worker's `schedules.`)
 * are readable only with a token, as on a hosted project, where unauthenticated callers may read
 * the root path only: not by query, by id, nor through a reference.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestLake, type TestLake } from './test-lake.ts';

let t: TestLake;
beforeAll(async () => {
  t = await startTestLake();
  await t.client.create({ _id: 'schedules.s1', _type: 'publishSchedule', documentId: 'page-about' });
});
afterAll(() => t.close());

it('hides documents under a path from a caller without the token', async () => {
  expect(await t.anonymous.fetch('*[_type == "publishSchedule"]._id')).toEqual([]);
  expect(await t.anonymous.fetch('*[_id == "schedules.s1"][0]', {}, { perspective: 'raw' })).toBeNull();
  expect(await t.anonymous.getDocument('schedules.s1')).toBeUndefined();
  expect(await t.anonymous.fetch('*[_id == "page-about"][0]._id')).toBe('page-about');
});

it('sends a listener without the token no event for them', async () => {
  const events: string[] = [];
  const subscription = t.anonymous
    .listen('*[_type == "publishSchedule"]', {}, { events: ['welcome', 'mutation'] })
    .subscribe((event) => events.push(event.type === 'mutation' ? event.documentId : event.type));
  try {
    await expect.poll(() => events).toEqual(['welcome']);
    await t.client.create({ _id: 'schedules.s2', _type: 'publishSchedule' });
    await t.client.create({ _id: 'on-the-root-path', _type: 'publishSchedule' });
    await expect.poll(() => events).toEqual(['welcome', 'on-the-root-path']);
  } finally {
    subscription.unsubscribe();
  }
});

it('shows them with the token', async () => {
  expect(await t.client.fetch('*[_type == "publishSchedule"]._id')).toContain('schedules.s1');
  expect((await t.client.getDocument('schedules.s1'))?.documentId).toBe('page-about');
});
