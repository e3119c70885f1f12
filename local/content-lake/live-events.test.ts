/** The Live Content API's event stream as @sanity/client's `live.events()` reads it (the Presentation tool subscribes to it). */
import type { SanityClient } from '@sanity/client';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestLake, type TestLake } from './test-lake.ts';

let t: TestLake;
beforeAll(async () => {
  t = await startTestLake();
});
afterAll(() => t.close());

it('welcomes a live events subscriber, with or without drafts', async () => {
  expect(await firstValueFrom(t.anonymous.live.events())).toMatchObject({ type: 'welcome' });
  expect(await firstValueFrom(t.client.live.events({ includeDrafts: true }))).toMatchObject({ type: 'welcome' });
});

type LiveEvent = { type: string; tags?: string[] };

/** Subscribes, waits for the welcome, runs the change, and returns the events seen once a message came. */
async function messagesAfter(client: SanityClient, includeDrafts: boolean, change: () => Promise<unknown>) {
  const seen: LiveEvent[] = [];
  const subscription = client.live.events({ includeDrafts }).subscribe((event) => seen.push(event as LiveEvent));
  try {
    await expect.poll(() => seen.some((event) => event.type === 'welcome')).toBe(true);
    await change();
    await expect
      .poll(() => seen.filter((event) => event.type === 'message').length, { timeout: 5_000 })
      .toBeGreaterThan(0);
    return seen.filter((event) => event.type === 'message');
  } finally {
    subscription.unsubscribe();
  }
}

it('sends a message with a sync tag when a draft changes, to a subscriber with the token that asks for drafts', async () => {
  const messages = await messagesAfter(t.client, true, () =>
    t.client.createOrReplace({ _id: 'drafts.live-draft', _type: 'page', title: 'Typed' }),
  );
  expect(messages).toEqual([expect.objectContaining({ type: 'message', tags: [expect.stringMatching(/^s1:/)] })]);
});

it('tells a public subscriber of published changes only, and refuses it drafts', async () => {
  const messages = await messagesAfter(t.anonymous, false, async () => {
    await t.client.createOrReplace({ _id: 'drafts.live-hidden', _type: 'page', title: 'Draft' });
    await t.client.createOrReplace({ _id: 'live-published', _type: 'page', title: 'Published' });
  });
  // The draft's change sent nothing: the one message is the published document's.
  const [draftTag] =
    (
      await messagesAfter(t.client, true, () =>
        t.client.createOrReplace({ _id: 'drafts.live-hidden', _type: 'page', title: 'Again' }),
      )
    )[0]?.tags ?? [];
  expect(messages).toHaveLength(1);
  expect(messages[0]?.tags).toHaveLength(1);
  expect(messages[0]?.tags).not.toContain(draftTag);
  const { apiHost } = t.client.config();
  const refused = await fetch(
    `${apiHost}/v2025-02-19/data/live/events/${t.client.config().dataset}?includeDrafts=true`,
  );
  expect(refused.status).toBe(401);
});
