/**
 * The preview URL secret documents of `@sanity/preview-url-secret`, made and checked through the
 * library itself (as the Presentation tool makes them and a website validates them): the lake
 * stores them as hosted does, keeps them from callers without the token, and lets them expire.
 */
import { createClient } from '@sanity/client';
import { validatePreviewUrl } from '@sanity/preview-url-secret';
import { createPreviewSecret } from '@sanity/preview-url-secret/create-secret';
import { enablePreviewAccessSharing } from '@sanity/preview-url-secret/toggle-preview-access-sharing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestLake, type TestLake } from './test-lake.ts';

let t: TestLake;
beforeAll(async () => {
  t = await startTestLake();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const studioUrl = 'https://studio.example/studio';
const previewUrl = (secret: string) =>
  `https://site.example/preview/enable?sanity-preview-secret=${secret}&sanity-preview-pathname=/about`;

describe('preview URL secrets', () => {
  it('validates a secret the Presentation tool created, with where to go and the Studio’s origin', async () => {
    const { secret } = await createPreviewSecret(t.client, 'presentation', studioUrl, 'editor');
    expect(await validatePreviewUrl(t.client, previewUrl(secret))).toMatchObject({
      isValid: true,
      redirectTo: '/about',
      studioOrigin: 'https://studio.example',
    });
  });

  it('refuses a forged secret and a missing one', async () => {
    await createPreviewSecret(t.client, 'presentation', studioUrl, 'editor');
    expect(await validatePreviewUrl(t.client, previewUrl('forged-secret'))).toEqual(
      expect.objectContaining({ isValid: false, redirectTo: undefined }),
    );
    expect((await validatePreviewUrl(t.client, 'https://site.example/preview/enable')).isValid).toBe(false);
  });

  it('refuses a secret older than an hour, and removes it when the next one is made', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { secret } = await createPreviewSecret(t.client, 'presentation', studioUrl, 'editor');
    vi.setSystemTime(Date.now() + 61 * 60_000);
    expect((await validatePreviewUrl(t.client, previewUrl(secret))).isValid).toBe(false);
    await createPreviewSecret(t.client, 'presentation', studioUrl, 'editor');
    const stored = await t.client.fetch('*[_type == "sanity.previewUrlSecret"].secret', {}, { perspective: 'raw' });
    expect(stored).not.toContain(secret);
  });

  it('keeps the secrets from a caller without the token, as hosted keeps drafts and dotted ids private', async () => {
    await createPreviewSecret(t.client, 'presentation', studioUrl, 'editor');
    await enablePreviewAccessSharing(t.client, 'presentation', studioUrl, 'editor');
    const secrets = '*[_type in ["sanity.previewUrlSecret", "sanity.previewUrlShareAccess"]]';
    expect((await t.client.fetch(secrets, {}, { perspective: 'raw' })).length).toBeGreaterThanOrEqual(2);
    for (const perspective of ['raw', 'drafts', 'published'] as const) {
      expect(await t.anonymous.fetch(secrets, {}, { perspective })).toEqual([]);
    }
    expect(await t.anonymous.getDocument('sanity-preview-url-secret.share-access')).toBeUndefined();
  });

  it('validates a shared-access secret (the Studio’s "share preview access")', async () => {
    const { secret } = await enablePreviewAccessSharing(t.client, 'presentation', studioUrl, 'editor');
    expect((await validatePreviewUrl(t.client, previewUrl(secret))).isValid).toBe(true);
  });

  it('cannot be validated without a token: the library insists on one', async () => {
    const anonymous = createClient({ ...t.anonymous.config() });
    await expect(validatePreviewUrl(anonymous, previewUrl('x'))).rejects.toThrow(/token/);
  });
});
