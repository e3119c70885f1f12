/**
 * The Storage API through unmodified supabase-js's storage client against the local stack: the
 * `media` bucket's limits and policies (anyone reads, only staff write), public URLs, list
 * defaults, remove, and what an attacker or a broken client sends.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { removeImageWith, uploadImageWith } from '../../web/app/lib/supabase/media-upload.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';
import { passSecondFactor } from '../support/second-factor.ts';

type Client = SupabaseClient<Database>;

const run = randomBytes(4).toString('hex');
const folder = `it-storage-${run}`;
const password = `Storage-${randomUUID()}`;
const limit = 5 * 1024 * 1024;

let stack: StackInfo;
let service: Client;
let anon: Client;
let user: Client;
let staff: Client;
let staffToken: string;
let staffId: string;

function client(key: string): Client {
  return createClient<Database>(stack.apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });
}

async function signedIn(label: string, isStaff: boolean): Promise<Client> {
  const email = `storage-${label}-${run}@ascent.example`;
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(`createUser ${label}: ${error.message}`);
  if (isStaff) {
    const { error: staffError } = await service.from('staff').insert({ user_id: data.user.id, email });
    if (staffError) throw new Error(`staff row: ${staffError.message}`);
  }
  const signed = client(stack.anonKey);
  const { error: signInError } = await signed.auth.signInWithPassword({ email, password });
  if (signInError) throw new Error(`sign in ${label}: ${signInError.message}`);
  if (isStaff) await passSecondFactor(signed);
  return signed;
}

/** Bytes that differ per call, so a served file is provably the one uploaded. */
const bytes = (size = 64) => randomBytes(size);
const png = (data: Buffer) => new Blob([new Uint8Array(data)], { type: 'image/png' });

/** The public URL as a visitor's browser fetches it: no key, no token. */
async function fetchPublic(path: string): Promise<Response> {
  return fetch(staff.storage.from('media').getPublicUrl(path).data.publicUrl);
}

async function upload(as: Client, path: string, body: Blob, options: { upsert?: boolean; cacheControl?: string } = {}) {
  return as.storage.from('media').upload(path, body, options);
}

/** A storage call as raw HTTP, for what supabase-js never sends. */
function raw(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.anonKey);
  headers.set('authorization', `Bearer ${init.token ?? staffToken}`);
  return fetch(`${stack.apiUrl}/storage/v1${path}`, { ...init, headers });
}

beforeAll(async () => {
  stack = stackInfo();
  service = client(stack.serviceRoleKey);
  anon = client(stack.anonKey);
  user = await signedIn('user', false);
  staff = await signedIn('staff', true);
  const { data, error } = await staff.auth.getSession();
  if (error || !data.session) throw new Error(`staff session: ${error?.message ?? 'none'}`);
  staffToken = data.session.access_token;
  staffId = data.session.user.id;
});

afterAll(async () => {
  // Leave the shared bucket as it was (service role: whatever the policies say).
  const { data, error } = await service.storage.from('media').list(folder, { limit: 1000 });
  if (error) throw new Error(`cleanup list: ${error.message}`);
  const names = data.filter((entry) => entry.id !== null).map((entry) => `${folder}/${entry.name}`);
  if (names.length) {
    const { error: removeError } = await service.storage.from('media').remove(names);
    if (removeError) throw new Error(`cleanup: ${removeError.message}`);
  }
});

describe('upload and public URL', () => {
  it('staff upload an image; its public URL serves the same bytes, its type and cache-control 3600', async () => {
    const data = bytes(2048);
    const path = `${folder}/served.png`;
    const uploaded = await upload(staff, path, png(data));
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path, fullPath: `media/${path}` });
    expect(uploaded.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const response = await fetchPublic(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    // supabase-js's default cacheControl is 3600 seconds.
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
  });

  it('keeps the cache-control and type the uploader chose', async () => {
    const path = `${folder}/cached.webp`;
    const body = new Blob([new Uint8Array(bytes())], { type: 'image/webp' });
    expect((await upload(staff, path, body, { cacheControl: '60' })).error).toBeNull();
    const response = await fetchPublic(path);
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(response.headers.get('content-type')).toBe('image/webp');
  });

  it('refuses to overwrite without upsert, and replaces the bytes with it', async () => {
    const path = `${folder}/replaced.png`;
    expect((await upload(staff, path, png(bytes()))).error).toBeNull();
    const again = await upload(staff, path, png(bytes()));
    expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });

    const next = bytes(100);
    expect((await upload(staff, path, png(next), { upsert: true })).error).toBeNull();
    const served = Buffer.from(await (await fetchPublic(path)).arrayBuffer());
    expect(served.equals(next)).toBe(true);
  });

  it('answers a missing object with storage-api’s not-found body', async () => {
    const response = await fetchPublic(`${folder}/never-uploaded.png`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
  });
});

describe('list', () => {
  const many = `${folder}/many`;
  const names = Array.from({ length: 101 }, (_, i) => `f-${String(i).padStart(3, '0')}.png`);

  beforeAll(async () => {
    // Uploaded in a shuffled order, so a name-ordered answer is the server's doing.
    const shuffled = [...names].sort(() => Math.random() - 0.5);
    for (let i = 0; i < shuffled.length; i += 10) {
      const batch = shuffled.slice(i, i + 10).map((name) => upload(service, `${many}/${name}`, png(bytes(8))));
      for (const { error } of await Promise.all(batch)) if (error) throw new Error(`upload: ${error.message}`);
    }
  });

  afterAll(async () => {
    const { error } = await service.storage.from('media').remove(names.map((name) => `${many}/${name}`));
    if (error) throw new Error(`cleanup: ${error.message}`);
  });

  it('lists 100 entries from offset 0 in ascending name order by default (supabase-js)', async () => {
    const { data, error } = await anon.storage.from('media').list(many);
    expect(error).toBeNull();
    expect(data?.map((entry) => entry.name)).toEqual(names.slice(0, 100));
    expect(data?.[0]).toMatchObject({ id: expect.any(String), metadata: { mimetype: 'image/png', size: 8 } });
  });

  it('applies the same defaults when the request names only the prefix', async () => {
    const response = await raw('/object/list/media', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: many }),
    });
    expect(response.status).toBe(200);
    const entries = (await response.json()) as Array<{ name: string }>;
    expect(entries.map((entry) => entry.name)).toEqual(names.slice(0, 100));
  });

  it('pages with offset and sorts descending when asked', async () => {
    const rest = await anon.storage.from('media').list(many, { offset: 100 });
    expect(rest.data?.map((entry) => entry.name)).toEqual(['f-100.png']);
    const desc = await anon.storage.from('media').list(many, { limit: 3, sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data?.map((entry) => entry.name)).toEqual(['f-100.png', 'f-099.png', 'f-098.png']);
  });

  it('shows a sub-folder as one entry without an id', async () => {
    const { data } = await anon.storage.from('media').list(folder, { search: 'man' });
    expect(data).toEqual([expect.objectContaining({ name: 'many', id: null, metadata: null })]);
  });
});

describe('remove', () => {
  it('staff remove an object: it is gone from the public URL and the listing', async () => {
    const path = `${folder}/removed.png`;
    expect((await upload(staff, path, png(bytes()))).error).toBeNull();
    expect((await fetchPublic(path)).status).toBe(200);

    const { data, error } = await staff.storage.from('media').remove([path]);
    expect(error).toBeNull();
    // The removed rows come back, the uploader recorded as their owner.
    expect(data?.map((entry) => [entry.name, entry.owner])).toEqual([[path, staffId]]);
    expect((await fetchPublic(path)).status).toBe(400);
    const listed = await anon.storage.from('media').list(folder, { search: 'removed' });
    expect(listed.data).toEqual([]);
  });
});

describe('who may write', () => {
  const rlsRefusal = { status: 400, statusCode: '403', message: 'new row violates row-level security policy' };

  it('refuses uploads from an anonymous visitor and from a signed-in non-staff account', async () => {
    for (const [who, as] of [
      ['anon', anon],
      ['user', user],
    ] as const) {
      const path = `${folder}/by-${who}.png`;
      expect((await upload(as, path, png(bytes()))).error).toMatchObject(rlsRefusal);
      expect((await fetchPublic(path)).status).toBe(400);
    }
  });

  it('refuses their overwrites and removals of a staff image, which stays served unchanged', async () => {
    const path = `${folder}/kept.png`;
    const original = bytes(300);
    expect((await upload(staff, path, png(original))).error).toBeNull();
    for (const as of [anon, user]) {
      expect((await upload(as, path, png(bytes()), { upsert: true })).error).toMatchObject(rlsRefusal);
      // As on the platform, rows the policies hide from a delete are simply not deleted.
      const removed = await as.storage.from('media').remove([path]);
      expect(removed.error).toBeNull();
      expect(removed.data).toEqual([]);
    }
    const served = await fetchPublic(path);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(original)).toBe(true);
  });

  it('refuses a forged token', async () => {
    const forged = `${staffToken.slice(0, staffToken.lastIndexOf('.'))}.${Buffer.from('forged').toString('base64url')}`;
    const response = await raw(`/object/media/${folder}/forged.png`, {
      method: 'POST',
      token: forged,
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(bytes()),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidJWT',
      message: 'invalid signature',
    });
    expect((await fetchPublic(`${folder}/forged.png`)).status).toBe(400);
  });
});

describe('the bucket’s limits', () => {
  it('accepts an image of exactly 5 MB and refuses one byte more with storage-api’s 413 body', async () => {
    const atLimit = `${folder}/at-limit.png`;
    expect((await upload(staff, atLimit, png(bytes(limit)))).error).toBeNull();

    const over = `${folder}/over-limit.png`;
    const { error } = await upload(staff, over, png(bytes(limit + 1)));
    expect(error).toMatchObject({
      status: 400,
      statusCode: '413',
      code: 'EntityTooLarge',
      message: 'The object exceeded the maximum allowed size',
    });
    expect((await fetchPublic(over)).status).toBe(400);
  });

  it('refuses an oversized raw upload that declares its length', async () => {
    const response = await raw(`/object/media/${folder}/raw-over.png`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(bytes(limit + 1)),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '413', error: 'Payload too large' });
  });

  it('refuses types outside jpeg, png, webp and avif (an SVG could carry script)', async () => {
    for (const type of ['text/plain', 'image/svg+xml', 'text/html']) {
      const path = `${folder}/wrong-type-${type.replace('/', '-')}`;
      const { error } = await upload(staff, path, new Blob(['<svg onload="alert(1)"/>'], { type }));
      expect(error).toMatchObject({
        status: 400,
        statusCode: '415',
        code: 'InvalidMimeType',
        message: `mime type ${type} is not supported`,
      });
      expect((await fetchPublic(path)).status).toBe(400);
    }
  });
});

describe('hostile and malformed requests', () => {
  it('refuses keys with `..` segments on upload and on public reads', async () => {
    const upload = await raw(`/object/media/${folder}/..%2F..%2Fescape.png`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(bytes()),
    });
    expect(upload.status).toBe(400);
    expect(await upload.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });

    const read = await fetch(`${stack.apiUrl}/storage/v1/object/public/media/..%2F..%2Fpostgres%2FPG_VERSION`);
    expect(read.status).toBe(400);
    expect(await read.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
  });

  it('answers malformed bodies with an error, and keeps serving', async () => {
    const badJson = await raw('/object/list/media', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"prefix": ',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });

    const badLimit = await raw('/object/list/media', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '', limit: -1 }),
    });
    expect(badLimit.status).toBe(400);
    expect(await badLimit.json()).toMatchObject({ statusCode: '400', message: 'body/limit must be an integer >= 1' });

    const badSort = await raw('/object/list/media', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '', sortBy: { column: 'name; drop table storage.objects' } }),
    });
    expect(badSort.status).toBe(400);
    expect(await badSort.json()).toMatchObject({
      statusCode: '400',
      message: 'body/sortBy/column must be equal to one of the allowed values',
    });

    const badForm = await raw(`/object/media/${folder}/broken-form.png`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=nothing-here' },
      body: '--other\r\ngarbage',
    });
    expect(badForm.status).toBe(400);
    expect(await badForm.json()).toMatchObject({ statusCode: '400', message: 'No content provided' });

    const badRemove = await raw('/object/media', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: [1, { name: 'x' }] }),
    });
    expect(badRemove.status).toBe(400);

    const alive = `${folder}/after-bad-requests.png`;
    expect((await upload(staff, alive, png(bytes()))).error).toBeNull();
    expect((await fetchPublic(alive)).status).toBe(200);
  });

  it('names an unknown bucket as storage-api does', async () => {
    const { error } = await staff.storage.from(`no-such-${run}`).upload('x.png', png(bytes()));
    expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });
});

describe('the admin pages’ image helper (web/app/lib/supabase/storage.ts, media-upload.ts)', () => {
  it('uploads a staff member’s File, returns a public URL that serves it, and removes it by that URL', async () => {
    const data = bytes(500);
    const file = new File([new Uint8Array(data)], 'Photo of the Ünïcode class (1).PNG', { type: 'image/png' });
    const url = await uploadImageWith(staff, file, `${folder}/helper`);
    expect(url).toMatch(
      new RegExp(`^${stack.apiUrl}/storage/v1/object/public/media/${folder}/helper/[0-9a-f-]{36}\\.png$`),
    );
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('max-age=3600');
    expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);

    expect(await removeImageWith(user, url, stack.apiUrl)).toBe(false);
    expect((await fetch(url)).status).toBe(200);
    expect(await removeImageWith(staff, url, stack.apiUrl)).toBe(true);
    expect((await fetch(url)).status).toBe(400);
  });

  it('tells a non-staff account in words that it may not upload', async () => {
    const file = new File([new Uint8Array(bytes())], 'x.png', { type: 'image/png' });
    await expect(uploadImageWith(user, file, folder)).rejects.toThrow('Your account is not allowed to upload images.');
  });
});
