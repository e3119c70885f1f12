/**
 * A web page elsewhere cannot write to the content lake, nor read its drafts, even in the browser
 * of an editor who has the Studio open (issue 23, item 3): a real Chromium holds the Studio's
 * session (its page served by the lake), then visits a page served from another local port that
 * tries what any site could: a text/plain fetch with credentials (no preflight), a form post, a
 * JSON fetch (preflighted), a draft read and an upload. The lake's own page still writes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { startContentLake, type RunningContentLake } from '../../local/content-lake/index.ts';
import { dataset, fixturesDir, projectId } from '../../local/content-lake/test-lake.ts';
import { expect, test } from './fixtures.ts';

const apiVersion = '2025-02-19';
const mutatePath = `/v${apiVersion}/data/mutate/${dataset}`;
/** What an attack would write: a published document the site would show. */
const attack = (id: string): string =>
  JSON.stringify({ mutations: [{ createOrReplace: { _id: id, _type: 'page', title: 'Defaced' } }] });

let lake: RunningContentLake;
let studioDir: string;
let evil: Server;
let evilOrigin: string;
let context: BrowserContext;

test.beforeAll(async ({ browser }) => {
  studioDir = mkdtempSync(join(tmpdir(), 'lake-studio-'));
  writeFileSync(join(studioDir, 'index.html'), '<!doctype html><title>Studio</title><p>Studio</p>');
  lake = await startContentLake({ port: 0, contentDir: fixturesDir, projectId, dataset, studioDir, onLog: () => {} });
  // The attacker's page: any site the editor's browser visits, here on another local port.
  evil = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Win a prize</title><iframe name="sink"></iframe>');
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
  // The lake's certificate comes from its own local authority, which this profile does not trust.
  context = await browser.newContext({ ignoreHTTPSErrors: true });
});

test.afterAll(async () => {
  await context?.close();
  await lake?.stop();
  await new Promise((resolve) => evil?.close(resolve));
  rmSync(studioDir, { recursive: true, force: true });
});

const stored = (id: string) => lake.store.snapshot().byId.get(id);

test('a page on another origin cannot write, read drafts or upload; the Studio page can write', async () => {
  const studio = await context.newPage();
  await studio.goto(lake.studioUrl);
  await expect(studio.getByText('Studio')).toBeVisible();
  const studioOrigin = new URL(lake.studioUrl).origin;
  const targets = [studioOrigin, lake.url];

  const page = await context.newPage();
  await page.goto(evilOrigin);
  for (const [index, target] of targets.entries()) {
    // 1. fetch with a simple body and the editor's cookies: no preflight, so it reaches the lake.
    const simpleId = `defaced-simple-${index}`;
    await page.evaluate(
      async ({ url, body }) => {
        await fetch(url, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'Content-Type': 'text/plain' },
          body,
        });
      },
      { url: `${target}${mutatePath}`, body: attack(simpleId) },
    );
    expect(stored(simpleId), `text/plain write via ${target}`).toBeUndefined();
    // 2. a form post into a frame (what a page without script could do).
    const formId = `defaced-form-${index}`;
    const frameLoaded = page.waitForEvent('framenavigated', (frame) => frame.name() === 'sink');
    await page.evaluate(
      ({ url, body }) => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = url;
        form.target = 'sink';
        form.enctype = 'text/plain';
        const field = document.createElement('input');
        // text/plain form bodies are `name=value`: the `=` lands inside a JSON string.
        field.name = `${body.slice(0, -1)},"x":"`;
        field.value = '"}';
        form.append(field);
        document.body.append(form);
        form.submit();
      },
      { url: `${target}${mutatePath}`, body: attack(formId) },
    );
    await frameLoaded;
    expect(stored(formId), `form write via ${target}`).toBeUndefined();
    // 3. a JSON write: preflighted, and the preflight is refused.
    const jsonId = `defaced-json-${index}`;
    const jsonOutcome = await page.evaluate(
      async ({ url, body }) =>
        fetch(url, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body,
        }).then(
          (res) => `status ${res.status}`,
          () => 'blocked',
        ),
      { url: `${target}${mutatePath}`, body: attack(jsonId) },
    );
    expect(jsonOutcome).toBe('blocked');
    expect(stored(jsonId), `JSON write via ${target}`).toBeUndefined();
    // 4. drafts with the raw perspective: the answer, if readable, holds published documents only.
    const ids = await page.evaluate(
      async (url) => {
        const res = await fetch(url, { credentials: 'include' }).catch(() => undefined);
        if (!res) return 'blocked';
        return ((await res.json()) as { result: string[] }).result;
      },
      `${target}/v${apiVersion}/data/query/${dataset}?perspective=raw&query=${encodeURIComponent('*[_id in path("drafts.**")]._id')}`,
    );
    expect(ids === 'blocked' || ids.length === 0).toBe(true);
    // 5. an upload with a simple body.
    const uploadStatus = await page.evaluate(async (url) => {
      await fetch(url, {
        method: 'POST',
        mode: 'no-cors',
        credentials: 'include',
        headers: { 'Content-Type': 'text/plain' },
        body: 'not an image',
      });
      return 'sent';
    }, `${target}/v${apiVersion}/assets/files/${dataset}?filename=evil.txt`);
    expect(uploadStatus).toBe('sent');
  }
  expect(lake.store.snapshot().raw.filter((doc) => doc._type === 'sanity.fileAsset')).toEqual([]);

  // The Studio's own page writes, with the session the lake gave it.
  const status = await studio.evaluate(
    async ({ url, body }) =>
      (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).status,
    { url: `${studioOrigin}${mutatePath}`, body: attack('written-by-the-studio') },
  );
  expect(status).toBe(200);
  expect(stored('written-by-the-studio')).toMatchObject({ title: 'Defaced' });
});
