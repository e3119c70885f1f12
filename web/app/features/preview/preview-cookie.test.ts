import { describe, expect, it } from 'vitest';
import { clearedPreviewCookie, previewCookie, previewSecretOf } from './preview-cookie';

describe('preview cookie', () => {
  it('is HttpOnly and fit for a cross-site frame over HTTPS and on loopback', () => {
    for (const url of ['https://ascent.example/preview/enable', 'http://127.0.0.1:3000/preview/enable']) {
      expect(previewCookie('s3cret', new URL(url))).toBe(
        'ascent_preview=s3cret; Path=/; HttpOnly; Secure; SameSite=None; Partitioned',
      );
    }
  });

  it('falls back to SameSite=Lax without Secure over plain HTTP on another host', () => {
    expect(previewCookie('s3cret', new URL('http://ascent.internal/preview/enable'))).toBe(
      'ascent_preview=s3cret; Path=/; HttpOnly; SameSite=Lax',
    );
  });

  it('is cleared with the same attributes', () => {
    expect(clearedPreviewCookie(new URL('https://ascent.example/'))).toBe(
      'ascent_preview=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=None; Partitioned',
    );
  });

  it('is read back from the request, and an empty one is none', () => {
    const request = (cookie: string) => new Request('https://ascent.example/about', { headers: { cookie } });
    expect(previewSecretOf(request('a=1; ascent_preview=abc%3D; b=2'))).toBe('abc=');
    expect(previewSecretOf(request('ascent_preview='))).toBeUndefined();
    expect(previewSecretOf(new Request('https://ascent.example/about'))).toBeUndefined();
  });
});
