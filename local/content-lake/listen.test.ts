/**
 * The listener: two concurrent @sanity/client listeners with different filters each get their own
 * events (appear / update / disappear, mutations, previousRev -> resultRev as `_rev` moves,
 * mendoza effects), a reconnect with Last-Event-ID resumes (`welcomeback` and the missed events,
 * or `reset`), and the Studio's face answers over HTTP/2 with the lake's own certificate.
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:http2';
import type { MutationEvent } from '@sanity/client';
import { applyPatch } from 'mendoza';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataset, startTestLake, type TestLake } from './test-lake.ts';

let t: TestLake;
beforeAll(async () => {
  t = await startTestLake();
});
afterAll(() => t.close());

/** Collects a listener's events until `count` mutation events have arrived. */
function collect(query: string, params: Record<string, unknown>, options: Record<string, unknown> = {}) {
  const events: MutationEvent[] = [];
  let welcomed!: () => void;
  const welcome = new Promise<void>((resolve) => (welcomed = resolve));
  const waiters: { count: number; resolve: () => void }[] = [];
  const subscription = t.client
    .listen(query, params, { events: ['welcome', 'mutation'], includeResult: true, ...options })
    .subscribe((event) => {
      if (event.type === 'welcome') return welcomed();
      if (event.type !== 'mutation') return;
      events.push(event);
      for (const waiter of waiters.filter((w) => events.length >= w.count)) waiter.resolve();
    });
  return {
    events,
    welcome,
    until: (count: number) =>
      events.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () => subscription.unsubscribe(),
  };
}

describe('listen', () => {
  it('gives two concurrent listeners the events their filters match, with revisions chaining like _rev', async () => {
    const pages = collect('*[_type == "page"]', {}, { includePreviousRevision: true, effectFormat: 'mendoza' });
    const ada = collect('*[_id == $id]', { id: 'person-ada' });
    await Promise.all([pages.welcome, ada.welcome]);

    const before = await t.client.getDocument('page-about');
    const first = await t.client.patch('page-about').set({ title: 'About' }).commit({ returnDocuments: false });
    // One transaction over three documents: the page listener sees two, Ada's listener one.
    await t.client
      .transaction()
      .patch('page-about', (p) => p.set({ _type: 'archivedPage' }))
      .create({ _id: 'page-new', _type: 'page', title: 'New' })
      .patch('person-ada', (p) => p.set({ age: 37 }))
      .commit();
    await Promise.all([pages.until(3), ada.until(1)]);

    const [update, disappear, appear] = pages.events;
    expect(update).toMatchObject({
      documentId: 'page-about',
      transition: 'update',
      previousRev: before?._rev,
      resultRev: first.transactionId,
      transactionId: first.transactionId,
      mutations: [{ patch: { id: 'page-about', set: { title: 'About' } } }],
      result: { title: 'About' },
      previous: { title: `About "us" & 'friends'` },
      transactionTotalEvents: 1,
    });
    expect(applyPatch(before, update?.effects?.apply ?? [])).toEqual(update?.result);
    expect(disappear).toMatchObject({
      documentId: 'page-about',
      transition: 'disappear',
      previousRev: first.transactionId,
      transactionTotalEvents: 2,
      transactionCurrentEvent: 1,
    });
    expect(appear).toMatchObject({
      documentId: 'page-new',
      transition: 'appear',
      transactionTotalEvents: 2,
      transactionCurrentEvent: 2,
    });
    expect(appear).not.toHaveProperty('previousRev');
    expect(disappear?.transactionId).toBe(appear?.transactionId);
    expect(ada.events).toHaveLength(1);
    expect(ada.events[0]).toMatchObject({ documentId: 'person-ada', transition: 'update', result: { age: 37 } });
    expect(ada.events[0]?.resultRev).toBe((await t.client.getDocument('person-ada'))?._rev);
    pages.close();
    ada.close();
  });

  it('resumes from Last-Event-ID with welcomeback and the missed events, or answers reset', async () => {
    const listenUrl = `${t.lake.url}/v2025-02-19/data/listen/${dataset}?query=${encodeURIComponent('*[_id == "person-ada"]')}&enableResume=true&includeResult=false`;
    const { transactionId } = await t.client.patch('person-ada').set({ resumed: 1 }).commit({ returnDocuments: false });
    await t.client.patch('person-ada').set({ resumed: 2 }).commit();

    const read = async (lastEventId: string, marker: RegExp): Promise<string> => {
      const controller = new AbortController();
      const response = await fetch(listenUrl, { headers: { 'last-event-id': lastEventId }, signal: controller.signal });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = response.body!.getReader();
      let text = '';
      while (!marker.test(text)) text += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      return text;
    };
    const resumed = await read(`${transactionId}#person-ada`, /"resumed":2|event: reset/);
    expect(resumed).toMatch(/^event: welcomeback\n/);
    expect(resumed).toContain('"set":{"resumed":2}');
    expect(resumed).not.toContain('"set":{"resumed":1}');
    expect(await read('gone#person-ada', /event: reset/)).toMatch(/^event: reset\n/);
  });

  it('refuses a broken filter with a channelError event', async () => {
    const response = await fetch(
      `${t.lake.url}/v2025-02-19/data/listen/${dataset}?query=${encodeURIComponent('*[_type ==')}`,
    );
    expect(await response.text()).toMatch(/^event: channelError\ndata: \{"message":"Invalid listen query/);
  });

  it("serves the Studio's face over HTTP/2 with a certificate its local authority signed", async () => {
    const session = connect(t.lake.secureUrl, { ca: readFileSync(t.lake.certificateAuthority) });
    try {
      const body = await new Promise<string>((resolve, reject) => {
        const stream = session.request({ ':path': `/v2025-02-19/data/doc/${dataset}/person-ada` });
        let text = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (text += chunk));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(JSON.parse(body)).toMatchObject({ documents: [{ _id: 'person-ada' }] });
    } finally {
      session.close();
    }
  });
});
