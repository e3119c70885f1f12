/** The media bucket's rules in the browser: new paths, refusals in words, public URLs back to paths. */
import { describe, expect, it } from 'vitest';
import { describeStorageError, maxImageBytes, mediaPathFromUrl, newImagePath } from './media-images.ts';

const id = '0b6f1a52-3a4e-4c39-9f0e-6a1d2b3c4d5e';
const supabaseUrl = 'https://abcd.supabase.co';

describe('newImagePath', () => {
  it('names the object by a fresh id and the type’s extension, never by the user’s file name', () => {
    expect(newImagePath({ type: 'image/jpeg', size: 10 }, 'events', id)).toBe(`events/${id}.jpg`);
    expect(newImagePath({ type: 'image/avif', size: 10 }, 'programs/2026', id)).toBe(`programs/2026/${id}.avif`);
  });

  it('refuses other types and oversized or empty files in words staff can act on', () => {
    expect(() => newImagePath({ type: 'image/svg+xml', size: 10 }, 'events', id)).toThrow(
      'Only JPEG, PNG, WebP and AVIF images can be uploaded.',
    );
    expect(() => newImagePath({ type: 'image/png', size: maxImageBytes + 1 }, 'events', id)).toThrow(
      'The image is larger than 5 MB.',
    );
    expect(newImagePath({ type: 'image/png', size: maxImageBytes }, 'events', id)).toBe(`events/${id}.png`);
    expect(() => newImagePath({ type: 'image/png', size: 0 }, 'events', id)).toThrow('The image file is empty.');
  });

  it('refuses folders that would leave the intended place', () => {
    for (const folder of ['', '../events', 'events/..', '/events', 'events/', 'Events', 'a//b']) {
      expect(() => newImagePath({ type: 'image/png', size: 1 }, folder, id)).toThrow('Invalid image folder');
    }
  });
});

describe('mediaPathFromUrl', () => {
  it('reads the object path back from a public URL of this project', () => {
    expect(mediaPathFromUrl(`${supabaseUrl}/storage/v1/object/public/media/events/${id}.png`, supabaseUrl)).toBe(
      `events/${id}.png`,
    );
    expect(
      mediaPathFromUrl('http://127.0.0.1:54321/storage/v1/object/public/media/a%20b.png', 'http://127.0.0.1:54321/'),
    ).toBe('a b.png');
  });

  it('returns null for other hosts, buckets, traversal and garbage', () => {
    expect(mediaPathFromUrl(`https://evil.example/storage/v1/object/public/media/x.png`, supabaseUrl)).toBeNull();
    expect(mediaPathFromUrl(`${supabaseUrl}/storage/v1/object/public/avatars/x.png`, supabaseUrl)).toBeNull();
    expect(mediaPathFromUrl(`${supabaseUrl}/storage/v1/object/public/media/a/..%2F..%2Fx.png`, supabaseUrl)).toBeNull();
    expect(mediaPathFromUrl(`${supabaseUrl}/storage/v1/object/public/media/%E0%A4%A`, supabaseUrl)).toBeNull();
    expect(mediaPathFromUrl('not a url', supabaseUrl)).toBeNull();
  });
});

describe('describeStorageError', () => {
  it('says what went wrong without the raw error', () => {
    expect(
      describeStorageError({ statusCode: '413', message: 'The object exceeded the maximum allowed size' }, 'upload'),
    ).toBe('The image is larger than 5 MB.');
    expect(
      describeStorageError({ statusCode: '415', message: 'mime type text/plain is not supported' }, 'upload'),
    ).toBe('Only JPEG, PNG, WebP and AVIF images can be uploaded.');
    expect(
      describeStorageError({ statusCode: '403', message: 'new row violates row-level security policy' }, 'upload'),
    ).toBe('Your account is not allowed to upload images.');
    expect(describeStorageError({ statusCode: '500', message: 'boom' }, 'remove')).toBe(
      'The image could not be removed. Please try again.',
    );
  });
});
