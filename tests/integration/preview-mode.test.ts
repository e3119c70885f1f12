/**
 * Preview mode (issue 31, item 2) on the stack's website: drafts only for a request whose cookie
 * carries a preview URL secret the content lake holds (made here as the Studio's Presentation tool
 * makes it, with @sanity/preview-url-secret), never cached; no cookie, a forged cookie or a forged
 * secret gets the published page, without click-to-edit markers.
 */
import { createClient } from '@sanity/client';
import { createPreviewSecret } from '@sanity/preview-url-secret/create-secret';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackInfo } from './stack-info.ts';

const stack = stackInfo();
const lake = createClient({
  projectId: stack.sanity.projectId,
  dataset: stack.sanity.dataset,
  apiVersion: stack.sanity.apiVersion,
  apiHost: stack.contentUrl,
  useProjectHostname: false,
  useCdn: false,
  token: stack.sanity.token,
});

const path = '/about/why-choose-us';
const draftHeading = `Draft heading ${Date.now()}`;
let pageId: string;

const get = (target: string, cookie?: string) =>
  fetch(`${stack.webUrl}${target}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

async function enablePreview(secret: string): Promise<Response> {
  const url = new URL('/preview/enable', stack.webUrl);
  url.searchParams.set('sanity-preview-secret', secret);
  url.searchParams.set('sanity-preview-pathname', path);
  return fetch(url, { redirect: 'manual' });
}

/** The `name=value` part of the preview cookie an answer sets. */
const cookieOf = (response: Response): string => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

beforeAll(async () => {
  const page = await lake.fetch<{ _id: string; key: string }>(
    `*[_type == "page" && slug.current == "about/why-choose-us"][0]{_id, "key": pageBuilder[_type == "hero"][0]._key}`,
  );
  pageId = page._id;
  await lake.action({
    actionType: 'sanity.action.document.edit',
    draftId: `drafts.${pageId}`,
    publishedId: pageId,
    patch: { set: { [`pageBuilder[_key=="${page.key}"].heading`]: draftHeading } },
  });
});
afterAll(async () => {
  await lake.action({ actionType: 'sanity.action.document.discard', draftId: `drafts.${pageId}` });
});

describe('preview mode', () => {
  it('serves the published page without a cookie: no draft, no marker', async () => {
    const response = await get(path);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).not.toContain(draftHeading);
    expect(html).not.toContain('data-sanity');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('refuses a forged secret in words, and sets no cookie', async () => {
    await createPreviewSecret(lake, 'test', 'https://studio.example/studio', 'editor');
    const response = await enablePreview('forged-secret');
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('invalid or has expired');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('serves no draft to a forged preview cookie', async () => {
    const response = await get(path, 'ascent_preview=forged-secret');
    const html = await response.text();
    expect(html).not.toContain(draftHeading);
    expect(html).not.toContain('data-sanity');
  });

  it('turns preview on with a secret the Studio made: drafts with markers, never cached, then off', async () => {
    const { secret } = await createPreviewSecret(lake, 'test', 'https://studio.example/studio', 'editor');
    const enabled = await enablePreview(secret);
    expect(enabled.status).toBe(302);
    expect(enabled.headers.get('location')).toBe(path);
    expect(enabled.headers.get('set-cookie')).toMatch(/; HttpOnly; Secure; SameSite=None; Partitioned$/);
    const cookie = cookieOf(enabled);

    for (const target of [path, `${path}.data`]) {
      const preview = await get(target, cookie);
      const body = await preview.text();
      expect(preview.status, target).toBe(200);
      expect(body, target).toContain(draftHeading);
      expect(preview.headers.get('cache-control'), target).toBe('private, no-store');
    }
    const framed = await get(path, cookie);
    expect(await framed.text()).toContain(`data-sanity="id=${pageId};type=page;path=pageBuilder:`);
    // Only the Studio that made the secret may frame the preview.
    expect(framed.headers.get('content-security-policy')).toContain('frame-ancestors https://studio.example');

    // The preview render was not stored for anyone else.
    expect(await (await get(path)).text()).not.toContain(draftHeading);

    const disabled = await get(`/preview/disable?to=${encodeURIComponent(path)}`, cookie);
    expect(disabled.status).toBe(302);
    expect(disabled.headers.get('location')).toBe(path);
    expect(disabled.headers.get('set-cookie')).toMatch(/^ascent_preview=; Max-Age=0;/);
  });

  it('streams draft changes to a preview session only: none without a cookie or with a forged one', async () => {
    for (const cookie of [undefined, 'ascent_preview=forged-secret']) {
      const refused = await get('/preview/live', cookie);
      expect(refused.status, cookie ?? 'no cookie').toBe(401);
      expect(refused.headers.get('cache-control')).toBe('private, no-store');
      await refused.body?.cancel();
    }
    const { secret } = await createPreviewSecret(lake, 'test', 'https://studio.example/studio', 'editor');
    const cookie = cookieOf(await enablePreview(secret));
    const stream = await get('/preview/live', cookie);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('private, no-store');
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const draftChanged = (async () => {
      while (!received.includes('event: message')) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended: ${received}`);
        received += value;
      }
    })();
    // A draft edit, once the stream is open (its first comment), is a message.
    await expect.poll(() => received.includes(': open')).toBe(true);
    await lake.action({
      actionType: 'sanity.action.document.edit',
      draftId: `drafts.${pageId}`,
      publishedId: pageId,
      patch: { set: { title: `Draft title ${Date.now()}` } },
    });
    await draftChanged;
    expect(received).not.toContain(draftHeading);
    await reader.cancel();
  });
});
