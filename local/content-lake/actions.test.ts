/**
 * The Actions API through unmodified @sanity/client: the draft/published rules of each action the
 * Studio sends (edit, create, publish, unpublish, discard, version.discard, delete, replaceDraft),
 * each refusal with its status, and a request of several actions applied whole or not at all.
 */
import { ClientError, type SanityDocument } from '@sanity/client';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLake, type TestLake } from './test-lake.ts';

let t: TestLake;
beforeEach(async () => {
  await t?.close();
  t = await startTestLake();
});
afterAll(() => t.close());

const get = (id: string): Promise<SanityDocument | undefined> => t.client.getDocument(id);

async function refused(promise: Promise<unknown>, status: number): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientError);
  expect((error as ClientError).statusCode).toBe(status);
  return (error as ClientError).message;
}

const edit = (publishedId: string, patch: Record<string, unknown>) => ({
  actionType: 'sanity.action.document.edit' as const,
  draftId: `drafts.${publishedId}`,
  publishedId,
  patch,
});
const publish = (publishedId: string, extra: Record<string, string> = {}) => ({
  actionType: 'sanity.action.document.publish' as const,
  draftId: `drafts.${publishedId}`,
  publishedId,
  ...extra,
});

describe('actions', () => {
  it('edit: the first edit of a published document makes its draft; the published copy stays', async () => {
    await t.client.action(edit('page-about', { set: { title: 'About (new)' } }));
    expect((await get('drafts.page-about'))?.title).toBe('About (new)');
    expect((await get('drafts.page-about'))?.slug).toEqual({ _type: 'slug', current: 'about' });
    expect((await get('page-about'))?.title).toBe(`About "us" & 'friends'`);
    await t.client.action(edit('page-about', { set: { order: 5 } }));
    expect(await get('drafts.page-about')).toMatchObject({ title: 'About (new)', order: 5 });
    await refused(t.client.action(edit('page-none', { set: { title: 'x' } })), 409);
  });

  it('publish: the draft becomes the published document and is gone; without a draft, or a changed one, 409', async () => {
    const draft = await get('drafts.page-home');
    await refused(t.client.action(publish('page-home', { ifDraftRevisionId: 'stale' })), 409);
    const { transactionId } = await t.client.action(publish('page-home', { ifDraftRevisionId: draft?._rev ?? '' }));
    const published = await get('page-home');
    expect(published).toMatchObject({ _id: 'page-home', title: 'Home (draft)', _rev: transactionId });
    expect(published).not.toHaveProperty('hero');
    expect(await get('drafts.page-home')).toBeUndefined();
    expect(await refused(t.client.action(publish('page-home')), 409)).toMatch(/no draft/);
  });

  it('unpublish: the published document goes and its content stays as a draft', async () => {
    await t.client.action({
      actionType: 'sanity.action.document.unpublish',
      draftId: 'drafts.page-about',
      publishedId: 'page-about',
    });
    expect(await get('page-about')).toBeUndefined();
    expect((await get('drafts.page-about'))?.title).toBe(`About "us" & 'friends'`);
    await refused(
      t.client.action({
        actionType: 'sanity.action.document.unpublish',
        draftId: 'drafts.page-about',
        publishedId: 'page-about',
      }),
      409,
    );
  });

  it('discard and version.discard delete a draft only; a missing draft is 409', async () => {
    await t.client.action({ actionType: 'sanity.action.document.discard', draftId: 'drafts.page-home' });
    expect(await get('drafts.page-home')).toBeUndefined();
    expect((await get('page-home'))?.title).toBe('Home');
    await t.client.action(edit('page-about', { set: { title: 'Draft' } }));
    await t.client.action({ actionType: 'sanity.action.document.version.discard', versionId: 'drafts.page-about' });
    expect(await get('drafts.page-about')).toBeUndefined();
    await refused(t.client.action({ actionType: 'sanity.action.document.discard', draftId: 'drafts.page-about' }), 409);
    // A published id is not a draft.
    await refused(t.client.action({ actionType: 'sanity.action.document.discard', draftId: 'page-about' }), 400);
  });

  it('create, replaceDraft and delete', async () => {
    const attributes = { _id: 'drafts.faq-1', _type: 'page', title: 'FAQ' };
    await t.client.action({
      actionType: 'sanity.action.document.create',
      publishedId: 'faq-1',
      attributes,
      ifExists: 'fail',
    });
    await refused(
      t.client.action({
        actionType: 'sanity.action.document.create',
        publishedId: 'faq-1',
        attributes,
        ifExists: 'fail',
      }),
      409,
    );
    await t.client.action({
      actionType: 'sanity.action.document.create',
      publishedId: 'faq-1',
      attributes: { ...attributes, title: 'ignored' },
      ifExists: 'ignore',
    });
    expect((await get('drafts.faq-1'))?.title).toBe('FAQ');
    await t.client.action({
      actionType: 'sanity.action.document.replaceDraft',
      publishedId: 'faq-1',
      attributes: { _id: 'drafts.faq-1', _type: 'page', title: 'Questions' },
    });
    expect((await get('drafts.faq-1'))?.title).toBe('Questions');
    await t.client.action(publish('faq-1'));
    await t.client.action(edit('faq-1', { set: { title: 'Draft again' } }));
    await t.client.action({
      actionType: 'sanity.action.document.delete',
      publishedId: 'faq-1',
      includeDrafts: ['drafts.faq-1'],
    });
    expect(await get('faq-1')).toBeUndefined();
    expect(await get('drafts.faq-1')).toBeUndefined();
  });

  it('applies several actions in order, all or none, and refuses what it cannot do offline', async () => {
    const message = await refused(
      t.client.action([edit('page-about', { set: { title: 'Kept?' } }), publish('page-none')]),
      409,
    );
    expect(message).toMatch(/page-none/);
    expect(await get('drafts.page-about')).toBeUndefined();
    await t.client.action([edit('page-about', { set: { title: 'Both' } }), publish('page-about')]);
    expect((await get('page-about'))?.title).toBe('Both');
    expect(await get('drafts.page-about')).toBeUndefined();
    const unsupported = await refused(
      t.client.action({ actionType: 'sanity.action.release.create', releaseId: 'r1' } as never),
      400,
    );
    expect(unsupported).toMatch(/does not support/);
  });
});
