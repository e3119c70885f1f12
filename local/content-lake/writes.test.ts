/**
 * The Mutations API through unmodified @sanity/client: every patch operation on nested paths with
 * `_key` selectors, `_rev` chains, `ifRevisionID` conflicts, all-or-nothing transactions, create
 * rules, and what each perspective sees of a draft.
 */
import { ClientError } from '@sanity/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLake, type TestLake } from './test-lake.ts';

let t: TestLake;
beforeAll(async () => {
  t = await startTestLake();
});
afterAll(() => t.close());

const course = {
  _id: 'course-1',
  _type: 'course',
  title: 'Leadership',
  meta: { level: { rank: 2, label: 'Intermediate' }, seats: 10 },
  sections: [
    { _key: 'a', _type: 'section', title: 'Intro', tags: ['x'] },
    {
      _key: 'b',
      _type: 'section',
      title: 'Practice makes perfect',
      lessons: [{ _key: 'l1', _type: 'lesson', minutes: 30 }],
    },
  ],
};

async function refused(promise: Promise<unknown>): Promise<ClientError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientError);
  return error as ClientError;
}

describe('patches', () => {
  it('applies set, setIfMissing, unset, insert, inc, dec and diffMatchPatch on nested _key paths', async () => {
    await t.client.create(course);
    await t.client
      .patch('course-1')
      .set({ 'sections[_key=="b"].title': 'Practice', 'meta.level.label': 'Advanced' })
      .setIfMissing({ 'sections[_key=="a"].summary': 'First steps', 'meta.seats': 99 })
      .unset(['sections[_key=="a"].tags'])
      .insert('after', 'sections[_key=="a"]', [{ _key: 'c', _type: 'section', title: 'Theory' }])
      .inc({ 'sections[_key=="b"].lessons[_key=="l1"].minutes': 15, 'meta.level.rank': 1 })
      .dec({ 'meta.seats': 3 })
      .diffMatchPatch({ title: '@@ -1,10 +1,21 @@\n Leadership\n+ that lasts\n' })
      .commit();
    // One insert per patch (the patch object has one `insert` key).
    await t.client
      .patch('course-1')
      .insert('before', 'sections[_key=="b"].lessons[0]', [{ _key: 'l0', _type: 'lesson', minutes: 15 }])
      .commit();
    const doc = await t.client.getDocument('course-1');
    expect(doc).toMatchObject({
      title: 'Leadership that lasts',
      meta: { level: { rank: 3, label: 'Advanced' }, seats: 7 },
      sections: [
        { _key: 'a', title: 'Intro', summary: 'First steps' },
        { _key: 'c', title: 'Theory' },
        {
          _key: 'b',
          title: 'Practice',
          lessons: [
            { _key: 'l0', minutes: 15 },
            { _key: 'l1', minutes: 45 },
          ],
        },
      ],
    });
    expect(doc?.sections[0]).not.toHaveProperty('tags');
  });

  it('gives every committed document the transaction id as _rev, keeping _createdAt', async () => {
    const created = await t.client.create({ _id: 'rev-1', _type: 'note', n: 1 }, { returnDocuments: true });
    const first = await t.client.getDocument('rev-1');
    const result = await t.client.patch('rev-1').inc({ n: 1 }).commit({ returnDocuments: false });
    const second = await t.client.getDocument('rev-1');
    expect(created._rev).toBe(first?._rev);
    expect(second?._rev).toBe(result.transactionId);
    expect(second?._rev).not.toBe(first?._rev);
    expect(second?._createdAt).toBe(first?._createdAt);
    expect(Date.parse(second?._updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(first?._updatedAt ?? ''));
    expect(second?.n).toBe(2);
  });

  it('refuses a patch whose ifRevisionID is not the current _rev (409) and applies it with the right one', async () => {
    await t.client.create({ _id: 'guarded', _type: 'note', text: 'v1' });
    const v1 = await t.client.getDocument('guarded');
    await t.client.patch('guarded').set({ text: 'v2' }).commit();
    const error = await refused(
      t.client
        .patch('guarded')
        .ifRevisionId(v1?._rev ?? '')
        .set({ text: 'lost' })
        .commit(),
    );
    expect(error.statusCode).toBe(409);
    expect(error.message).toMatch(/unexpected revision/);
    expect((await t.client.getDocument('guarded'))?.text).toBe('v2');
    const v2 = await t.client.getDocument('guarded');
    await t.client
      .patch('guarded')
      .ifRevisionId(v2?._rev ?? '')
      .set({ text: 'v3' })
      .commit();
    expect((await t.client.getDocument('guarded'))?.text).toBe('v3');
  });

  it('applies a transaction whole or not at all', async () => {
    const error = await refused(
      t.client
        .transaction()
        .create({ _id: 'half-1', _type: 'note' })
        .create({ _id: 'person-ada', _type: 'person', name: 'Duplicate' })
        .commit(),
    );
    expect(error.statusCode).toBe(409);
    expect(error.message).toMatch(/already exists/);
    expect(await t.client.getDocument('half-1')).toBeUndefined();
    expect((await t.client.getDocument('person-ada'))?.name).toBe('Ada "The Countess" Lovelace');
  });

  it('keeps create, createIfNotExists, createOrReplace and delete apart', async () => {
    await t.client.createIfNotExists({ _id: 'person-ada', _type: 'person', name: 'Ignored' });
    expect((await t.client.getDocument('person-ada'))?.name).toBe('Ada "The Countess" Lovelace');
    await t.client.createOrReplace({ _id: 'replaced', _type: 'note', a: 1 });
    await t.client.createOrReplace({ _id: 'replaced', _type: 'note', b: 2 });
    const replaced = await t.client.getDocument('replaced');
    expect(replaced).toMatchObject({ b: 2 });
    expect(replaced).not.toHaveProperty('a');
    const draft = await t.client.create({ _id: 'drafts.', _type: 'note' });
    expect(draft._id).toMatch(/^drafts\.[0-9a-f-]{36}$/);
    await t.client.delete('replaced');
    expect(await t.client.getDocument('replaced')).toBeUndefined();
    const missing = await refused(t.client.patch('nowhere').set({ a: 1 }).commit());
    expect(missing.statusCode).toBe(404);
    const badId = await refused(t.client.create({ _id: 'bad id!', _type: 'note' }));
    expect(badId.statusCode).toBe(400);
  });

  it('answers a malformed body or mutation with 400 and a description', async () => {
    const post = (body: string) =>
      fetch(`${t.lake.url}/v2025-02-19/data/mutate/fixtures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.lake.token}` },
        body,
      });
    const notJson = await post('{"mutations": [');
    expect(notJson.status).toBe(400);
    const unknown = await post(JSON.stringify({ mutations: [{ upsert: { _id: 'x' } }] }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { description: 'Unknown mutation type "upsert"' } });
  });
});

describe('perspectives', () => {
  it('shows a draft only to drafts and raw, published content to published', async () => {
    await t.client.createOrReplace({ _id: 'page-p', _type: 'page', title: 'Live' });
    await t.client.createOrReplace({ _id: 'drafts.page-p', _type: 'page', title: 'Being edited' });
    const query = '*[_id in ["page-p", "drafts.page-p"]]{_id, title, _originalId} | order(_id asc)';
    expect(await t.client.fetch(query, {}, { perspective: 'published' })).toEqual([
      { _id: 'page-p', title: 'Live', _originalId: null },
    ]);
    expect(await t.client.fetch('*[_id == "page-p"]{_id, title, _originalId}', {}, { perspective: 'drafts' })).toEqual([
      { _id: 'page-p', title: 'Being edited', _originalId: 'drafts.page-p' },
    ]);
    expect((await t.client.fetch<{ _id: string }[]>(query, {}, { perspective: 'raw' })).map((d) => d._id)).toEqual([
      'drafts.page-p',
      'page-p',
    ]);
  });
});
