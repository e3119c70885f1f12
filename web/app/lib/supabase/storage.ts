/**
 * Images for the admin area: `uploadImage(file, folder)` stores a file in the public `media`
 * bucket with supabase-js's storage client (the browser's one client, so the signed-in staff
 * member's session) and returns its public URL; `removeImage(url)` removes it again. The bucket's
 * policies let only staff write. Failures throw an ImageStorageError whose message can be shown
 * to staff as it is.
 */
import { getBrowserSupabase } from './browser-client.ts';
import { browserSupabaseEnv } from './browser-env.ts';
import { removeImageWith, uploadImageWith } from './media-upload.ts';

export { ImageStorageError, maxImageBytes } from './media-images.ts';

export async function uploadImage(file: File, folder: string): Promise<string> {
  return uploadImageWith(await getBrowserSupabase(), file, folder);
}

/** True when the image was removed; false when there was nothing of ours to remove (see removeImageWith). */
export async function removeImage(url: string): Promise<boolean> {
  const supabase = await getBrowserSupabase();
  return removeImageWith(supabase, url, browserSupabaseEnv()?.supabaseUrl ?? '');
}
