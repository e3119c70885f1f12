/** The Live Content API's event stream as @sanity/client's `live.events()` reads it (the Presentation tool subscribes to it). */
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
