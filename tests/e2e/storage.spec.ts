/**
 * Storage from a real browser on the site's origin: an upload sent as supabase-js's storage client
 * sends it (cross-origin, so CORS preflights included), and the public URL loading as an image.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { passSecondFactor } from '../support/second-factor.ts';
import { expect, test } from './fixtures.ts';

/** Objects a test stored, removed after it. */
const uploaded: string[] = [];

test.afterEach(async ({ serviceRole }) => {
  if (uploaded.length === 0) return;
  const { error } = await serviceRole.storage.from('media').remove(uploaded.splice(0));
  if (error) throw new Error(`cleanup: ${error.message}`);
});

/** A 1×1 PNG. */
const onePixelPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test('a staff upload from the site passes CORS and its public URL renders as an image', async ({
  page,
  stack,
  serviceRole,
}) => {
  const email = `e2e-storage-${randomUUID()}@ascent.example`;
  const password = `Storage-${randomUUID()}`;
  const created = await serviceRole.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw new Error(`createUser: ${created.error.message}`);
  const staffRow = await serviceRole.from('staff').insert({ user_id: created.data.user.id, email });
  if (staffRow.error) throw new Error(`staff row: ${staffRow.error.message}`);
  const staff = createClient<Database>(stack.apiUrl, stack.anonKey, { auth: { persistSession: false } });
  const signIn = await staff.auth.signInWithPassword({ email, password });
  if (signIn.error) throw new Error(`sign in: ${signIn.error.message}`);
  await passSecondFactor(staff);
  // The session after the second step (aal2): the one staff rights need.
  const staffToken = (await staff.auth.getSession()).data.session!.access_token;

  const path = `e2e-storage-${randomUUID()}/pixel.png`;
  uploaded.push(path);
  await page.goto('/about');
  const upload = (token: string) =>
    page.evaluate(
      async ({ apiUrl, anonKey, token, path, png }) => {
        const form = new FormData();
        form.append('cacheControl', '3600');
        form.append('', new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }));
        // The headers supabase-js sends with an upload; x-upsert makes the request preflighted.
        const response = await fetch(`${apiUrl}/storage/v1/object/media/${path}`, {
          method: 'POST',
          headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'x-upsert': 'false', 'x-client-info': 'e2e' },
          body: form,
        });
        return { status: response.status, body: (await response.json()) as unknown };
      },
      { apiUrl: stack.apiUrl, anonKey: stack.anonKey, token, path, png: onePixelPng },
    );

  // A visitor's anonymous upload is refused by the bucket's policies.
  expect(await upload(stack.anonKey)).toMatchObject({ status: 400, body: { statusCode: '403' } });

  expect(await upload(staffToken)).toEqual({
    status: 200,
    body: { Id: expect.any(String), Key: `media/${path}` },
  });
  const width = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return image.naturalWidth;
  }, `${stack.apiUrl}/storage/v1/object/public/media/${path}`);
  expect(width).toBe(1);
});
