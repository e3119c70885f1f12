/** GROQ cost bounds: a runaway nested query is stopped with Sanity's error shape, and the process keeps answering. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuery } from './groq.ts';
import { dataset, startTestLake, type TestLake } from './test-lake.ts';

const nested = 'count(*[count(*[count(*[count(*[]) > 0]) > 0]) > 0])';
const docs = Array.from({ length: 300 }, (_, i) => ({ _id: `doc-${i}`, _type: 'row', _rev: 'r', n: i }));

describe('runQuery budget', () => {
  it('stops a query once it has visited too many documents', async () => {
    const outcome = await runQuery(nested, {}, docs, { maxVisits: 50_000, maxMs: 60_000 });
    expect(outcome).toEqual({
      ok: false,
      error: { type: 'queryExecutionError', description: 'Query too costly: it visited more than 50000 documents' },
    });
  });

  it('stops a query that runs too long, soon after its time', async () => {
    const started = performance.now();
    const outcome = await runQuery(nested, {}, docs, { maxVisits: Number.MAX_SAFE_INTEGER, maxMs: 200 });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(outcome).toMatchObject({ ok: false, error: { description: 'Query too costly: it ran longer than 200 ms' } });
  });

  it('leaves ordinary queries, nested ones included, alone', async () => {
    const outcome = await runQuery('*[_type == "row" && n < 3]{n, "above": count(*[n > ^.n])}', {}, docs);
    expect(outcome).toEqual({
      ok: true,
      result: [
        { n: 0, above: 299 },
        { n: 1, above: 298 },
        { n: 2, above: 297 },
      ],
    });
  });
});

describe('the query endpoint under a runaway query', () => {
  let t: TestLake;
  beforeAll(async () => {
    t = await startTestLake();
    const transaction = t.client.transaction();
    for (const doc of docs) transaction.createOrReplace(doc);
    await transaction.commit();
  });
  afterAll(() => t.close());

  it('answers 400 with Sanity’s error body within about a second, and other requests are answered meanwhile', async () => {
    const started = performance.now();
    const runaway = fetch(`${t.lake.url}/v2025-02-19/data/query/${dataset}?query=${encodeURIComponent(nested)}`);
    // A request sent while the runaway query runs is answered once the budget stops it, not 13 s later.
    const health = fetch(`${t.lake.url}/health`).then((response) => ({
      status: response.status,
      ms: performance.now() - started,
    }));
    const response = await runaway;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { type: 'queryExecutionError', description: expect.stringMatching(/^Query too costly: /) },
    });
    expect(performance.now() - started).toBeLessThan(2500);
    expect(await health).toMatchObject({ status: 200 });
    expect((await health).ms).toBeLessThan(2500);
  });
});
