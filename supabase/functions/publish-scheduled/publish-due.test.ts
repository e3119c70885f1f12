/**
 * Scheduled publishing against a real content lake (the local one, over its fixtures), with the
 * Studio's own commands writing the schedules and the website's page query reading the result as
 * the site does (no token: published documents only). The worker's clock is moved, never waited on.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SanityClient } from '@sanity/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestLake, type TestLake } from '../../../local/content-lake/test-lake.ts';
import { PAGE_QUERY } from '../../../web/app/lib/sanity/queries.ts';
import {
  openSchedules,
  schedulePublish,
  unschedulePublish,
} from '../../../studio/scheduled-publishing/schedule-commands.ts';
import type { LakeSettings } from './lake-api.ts';
import { publishDueSchedules } from './publish-due.ts';
import type { PublishSchedule } from './schedule-document.ts';

let t: TestLake;
let lake: LakeSettings;
beforeEach(async () => {
  t = await startTestLake();
  lake = { apiHost: t.lake.url, dataset: 'fixtures', apiVersion: '2025-02-19', token: t.lake.token };
});
afterEach(() => t.close());

const start = new Date('2026-11-30T04:58:00Z'); // 07:58 in Nairobi
const at = (ms: number) => () => new Date(start.getTime() + ms);
const twoMinutes = 2 * 60_000;

/** The About page's title as the website reads it. */
async function siteTitle(client: SanityClient): Promise<string | null | undefined> {
  const page = await client.fetch(PAGE_QUERY, { slug: 'about' });
  return page?.title;
}

async function draftAbout(title: string): Promise<void> {
  await t.client.action({
    actionType: 'sanity.action.document.edit',
    draftId: 'drafts.page-about',
    publishedId: 'page-about',
    patch: { set: { title } },
  });
}

const scheduleAbout = (publishAt: Date) =>
  schedulePublish(
    t.client,
    { documentId: 'page-about', documentType: 'page', publishAt: publishAt.toISOString() },
    start,
  );

/** Forwards to the lake, but answers every Actions API call 503 with the platform's error shape. */
async function refusingActionsProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url?.includes('/data/actions/')) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Down for maintenance' }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void fetch(new URL(req.url ?? '/', target), {
        method: req.method,
        headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' },
        body: req.method === 'GET' ? undefined : Buffer.concat(chunks),
      }).then(async (reply) => {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(Buffer.from(await reply.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const schedule = (id: string) => t.client.getDocument<PublishSchedule>(id);

describe('publishDueSchedules', () => {
  it('publishes a page scheduled two minutes ahead once, at that time, and the site shows it', async () => {
    const published = `About "us" & 'friends'`;
    await draftAbout('About: the January intake');
    const { _id } = await scheduleAbout(new Date(start.getTime() + twoMinutes));

    for (const now of [at(0), at(twoMinutes - 1)]) {
      expect(await publishDueSchedules(lake, { now })).toEqual({ published: [], failed: [], skipped: [] });
      expect(await siteTitle(t.anonymous)).toBe(published);
    }

    const run = await publishDueSchedules(lake, { now: at(twoMinutes) });
    expect(run.published).toEqual([{ scheduleId: _id, documentId: 'page-about', transactionId: expect.any(String) }]);
    expect(await siteTitle(t.anonymous)).toBe('About: the January intake');
    expect(await t.client.getDocument('drafts.page-about')).toBeUndefined();
    expect(await schedule(_id)).toMatchObject({
      state: 'published',
      publishedAt: at(twoMinutes)().toISOString(),
      publishedRevision: run.published[0]?.transactionId,
    });

    // Later runs, and a new draft made afterwards, leave it alone: published once.
    await draftAbout('About: edited after publishing');
    const revision = (await t.client.getDocument('page-about'))?._rev;
    expect((await publishDueSchedules(lake, { now: at(twoMinutes + 60_000) })).published).toEqual([]);
    expect((await t.client.getDocument('page-about'))?._rev).toBe(revision);
    expect(await siteTitle(t.anonymous)).toBe('About: the January intake');
  });

  it('two workers due at the same moment publish the draft once', async () => {
    await draftAbout('About: raced');
    await scheduleAbout(new Date(start.getTime() + twoMinutes));
    const runs = await Promise.all([1, 2, 3].map(() => publishDueSchedules(lake, { now: at(twoMinutes) })));
    expect(runs.flatMap((run) => run.published)).toHaveLength(1);
    expect(runs.flatMap((run) => run.failed)).toEqual([]);
    expect(await siteTitle(t.anonymous)).toBe('About: raced');
  });

  it('an unscheduled page is not published', async () => {
    await draftAbout('About: never mind');
    const created = await scheduleAbout(new Date(start.getTime() + twoMinutes));
    expect(await openSchedules(t.client, 'page-about')).toHaveLength(1);
    await unschedulePublish(t.client, created);
    expect(await openSchedules(t.client, 'page-about')).toEqual([]);

    expect(await publishDueSchedules(lake, { now: at(twoMinutes) })).toEqual({
      published: [],
      failed: [],
      skipped: [],
    });
    expect(await siteTitle(t.anonymous)).toBe(`About "us" & 'friends'`);
    expect((await t.client.getDocument('drafts.page-about'))?.title).toBe('About: never mind');
    expect((await schedule(created._id))?.state).toBe('cancelled');
  });

  it('records a failure, in words, when there is no draft to publish; the Studio still lists it', async () => {
    const { _id } = await scheduleAbout(new Date(start.getTime() + twoMinutes));
    const run = await publishDueSchedules(lake, { now: at(twoMinutes) });
    expect(run.failed).toEqual([
      { scheduleId: _id, documentId: 'page-about', error: expect.stringMatching(/no draft/) },
    ]);
    expect(await schedule(_id)).toMatchObject({ state: 'failed', error: expect.stringMatching(/Nothing to publish/) });
    expect((await openSchedules(t.client)).map((s) => s._id)).toEqual([_id]);
    // Failed is final: the next run does not try again.
    expect((await publishDueSchedules(lake, { now: at(twoMinutes + 60_000) })).failed).toEqual([]);
  });

  it("records the lake's refusal of the publish as the failure", async () => {
    await draftAbout('About: refused');
    const { _id } = await scheduleAbout(new Date(start.getTime() + twoMinutes));
    // The lake itself, behind a proxy that refuses the Actions API as a lake out of service would.
    const proxy = await refusingActionsProxy(t.lake.url);
    try {
      const run = await publishDueSchedules({ ...lake, apiHost: proxy.url }, { now: at(twoMinutes) });
      expect(run.failed).toHaveLength(1);
    } finally {
      await proxy.close();
    }
    expect(await schedule(_id)).toMatchObject({
      state: 'failed',
      error: 'Publishing failed: the content lake answered 503: Down for maintenance',
    });
    expect(await siteTitle(t.anonymous)).toBe(`About "us" & 'friends'`);
  });

  it('marks a claim abandoned half-way as failed after ten minutes, without publishing', async () => {
    await draftAbout('About: interrupted');
    const { _id } = await scheduleAbout(new Date(start.getTime() + twoMinutes));
    await t.client
      .patch(_id)
      .set({ state: 'publishing', claimedAt: at(twoMinutes)().toISOString() })
      .commit();
    expect((await publishDueSchedules(lake, { now: at(twoMinutes + 9 * 60_000) })).failed).toEqual([]);
    const run = await publishDueSchedules(lake, { now: at(twoMinutes + 10 * 60_000) });
    expect(run.failed).toEqual([
      { scheduleId: _id, documentId: 'page-about', error: expect.stringMatching(/stopped/) },
    ]);
    expect(await siteTitle(t.anonymous)).toBe(`About "us" & 'friends'`);
  });

  it('reads a time written with an offset (another client) as the instant it names', async () => {
    await draftAbout('About: at eight in Nairobi');
    const { _id } = await scheduleAbout(new Date(start.getTime() + twoMinutes));
    await t.client.patch(_id).set({ publishAt: '2026-11-30T08:00:00+03:00' }).commit();
    expect((await publishDueSchedules(lake, { now: () => new Date('2026-11-30T04:59:59.999Z') })).published).toEqual(
      [],
    );
    const run = await publishDueSchedules(lake, { now: () => new Date('2026-11-30T05:00:00.000Z') });
    expect(run.published.map((item) => item.scheduleId)).toEqual([_id]);
  });

  it('refuses to schedule a time already past', async () => {
    await expect(scheduleAbout(new Date(start.getTime() - 1))).rejects.toThrow(/in the future/);
  });
});
