/**
 * Image renders stop at their deadline, the work and not just the answer (issue 23, item 8): an
 * entropy crop to 25 megapixels as AVIF ran 22 s past sharp's 10 s timeout, and six at once took
 * the lake's process to 3.1 GB. Now each is a 503 by the deadline, its render process is killed,
 * and the lake's own memory stays where it was.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLake, type TestLake } from './test-lake.ts';

/**
 * A short deadline, so that the heavy render below overruns it on any machine: with the default
 * 10 s, an idle machine finished it in time and answered 200.
 */
const deadlineMs = 1_000;

let t: TestLake;
let photoId: string;
beforeAll(async () => {
  t = await startTestLake({ renderDeadlineMs: deadlineMs });
  photoId = (await t.client.fetch<{ asset: { _ref: string } }>('*[_id == "page-home"][0].hero')).asset._ref;
});
afterAll(() => t.close());

/** 5000 x 5000 (the largest output allowed), entropy crop, sharpened, AVIF: seconds of CPU, well past the deadline. */
const heavyRender = (quality: number): string =>
  `${t.urlFor(photoId).width(5000).height(5000).fit('crop').crop('entropy').url()}&sharp=100&fm=avif&q=${quality}`;

/** This process's peak resident memory so far (VmHWM), in bytes. */
function peakMemory(): number {
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;
}

/** The processes this one started that are rendering images now. */
function renderProcesses(): number[] {
  const children = readdirSync('/proc/self/task').flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('render-child');
    } catch {
      return false; // gone meanwhile
    }
  });
}

/** Starting a render process and answering, on a busy machine. */
const slackMs = 5_000;

describe('image render deadline', () => {
  it('answers 503 by the deadline and stops the render', async () => {
    const started = performance.now();
    const response = await fetch(heavyRender(50));
    const elapsed = performance.now() - started;
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      message: 'The image took longer than 1 s to render',
    });
    expect(elapsed).toBeLessThan(deadlineMs + slackMs);
    // The work stopped with the answer: no render process is left running it.
    await expect.poll(renderProcesses, { timeout: 5_000 }).toEqual([]);
    // And the next image is rendered as usual.
    expect((await fetch(t.urlFor(photoId).width(100).url())).status).toBe(200);
  }, 60_000);

  it('keeps the lake’s memory and time bounded with six such renders at once', async () => {
    const before = peakMemory();
    const started = performance.now();
    const statuses = await Promise.all([51, 52, 53, 54, 55, 56].map(async (q) => (await fetch(heavyRender(q))).status));
    expect(performance.now() - started).toBeLessThan(deadlineMs + slackMs);
    expect(statuses).toEqual([503, 503, 503, 503, 503, 503]);
    expect(peakMemory() - before).toBeLessThan(100 * 1024 * 1024);
    await expect.poll(renderProcesses, { timeout: 5_000 }).toEqual([]);
  }, 60_000);
});
