/** The storage stand-in's input rules: keys, bucket names, MIME types and list options, as storage-api has them. */
import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import { mustBeValidBucketName, mustBeValidKey } from './keys.ts';
import { listOptions } from './list-route.ts';
import { mustBeAllowedMimeType } from './mime-type.ts';

/** The storage error `run` throws (its body as storage-api sends it). */
function refusal(run: () => unknown): ReturnType<StorageError['body']> {
  try {
    run();
  } catch (error) {
    if (error instanceof StorageError) return error.body();
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('object keys', () => {
  it('accepts S3-safe keys in folders', () => {
    expect(mustBeValidKey('events/2026/a (1).png')).toBe('events/2026/a (1).png');
  });

  it('refuses dot segments, absolute paths, other characters and over-long keys', () => {
    for (const key of [
      '../x.png',
      'a/../../x',
      'a/./x',
      '..',
      '/etc/passwd',
      'a\\b',
      'ü.png',
      'a\0b',
      '',
      'k'.repeat(1025),
    ]) {
      expect(refusal(() => mustBeValidKey(key))).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
  });

  it('refuses bucket names with slashes or other characters', () => {
    expect(mustBeValidBucketName('media')).toBe('media');
    for (const name of ['a/b', '', 'x'.repeat(101), 'mé']) {
      expect(refusal(() => mustBeValidBucketName(name))).toMatchObject({ code: 'InvalidBucketName' });
    }
  });
});

describe('allowed MIME types', () => {
  const images = ['image/jpeg', 'image/png'];

  it('matches exact types and wildcards, and allows anything when the bucket names none', () => {
    expect(() => mustBeAllowedMimeType('image/png', images)).not.toThrow();
    expect(() => mustBeAllowedMimeType('image/gif', ['image/*'])).not.toThrow();
    expect(() => mustBeAllowedMimeType('text/plain', null)).not.toThrow();
  });

  it('refuses others with storage-api’s 415 body', () => {
    expect(refusal(() => mustBeAllowedMimeType('image/svg+xml', images))).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type image/svg+xml is not supported',
    });
    expect(refusal(() => mustBeAllowedMimeType('png', images))).toMatchObject({ statusCode: '415' });
  });
});

describe('list options', () => {
  it('defaults to limit 100, offset 0, name ascending, and treats the prefix as a folder', () => {
    expect(listOptions({ prefix: 'events' })).toEqual({
      prefix: 'events/',
      search: '',
      limit: 100,
      offset: 0,
      column: 'name',
      order: 'asc',
    });
    expect(listOptions({ prefix: '' }).prefix).toBe('');
  });

  it('refuses a missing prefix, bad numbers and unknown sort columns or orders', () => {
    for (const body of [
      {},
      { prefix: 1 },
      { prefix: '', limit: 0 },
      { prefix: '', limit: 1.5 },
      { prefix: '', offset: -1 },
      { prefix: '', sortBy: { column: 'id' } },
      { prefix: '', sortBy: { column: 'name', order: 'sideways' } },
      { prefix: '', sortBy: 'name' },
    ]) {
      expect(refusal(() => listOptions(body))).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
    }
  });
});
