/**
 * Uploading to and removing from the public `media` bucket with a given supabase-js client: the
 * work behind storage.ts's uploadImage / removeImage, apart from the browser's client so the
 * integration tests run exactly this code against the local stack.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../../supabase/database.types.ts';
import {
  describeStorageError,
  ImageStorageError,
  mediaBucket,
  mediaPathFromUrl,
  newImagePath,
} from './media-images.ts';

/** Stores `file` as `<folder>/<random id>.<ext>` and returns its public URL. */
export async function uploadImageWith(supabase: SupabaseClient<Database>, file: File, folder: string): Promise<string> {
  const path = newImagePath(file, folder, crypto.randomUUID());
  const { data, error } = await supabase.storage
    .from(mediaBucket)
    .upload(path, file, { contentType: file.type, cacheControl: '3600', upsert: false });
  if (error) throw new ImageStorageError(describeStorageError(error, 'upload'), { cause: error });
  return supabase.storage.from(mediaBucket).getPublicUrl(data.path).data.publicUrl;
}

/**
 * Removes the object behind one of this project's `media` public URLs. Any other URL is left
 * alone (an image from elsewhere is not ours to delete). Resolves to whether an object was removed:
 * false when there was nothing to remove, or when the policies hide it from this account (a
 * storage delete reports no error then, as on the platform).
 */
export async function removeImageWith(
  supabase: SupabaseClient<Database>,
  url: string,
  supabaseUrl: string,
): Promise<boolean> {
  const path = mediaPathFromUrl(url, supabaseUrl);
  if (!path) return false;
  const { data, error } = await supabase.storage.from(mediaBucket).remove([path]);
  if (error) throw new ImageStorageError(describeStorageError(error, 'remove'), { cause: error });
  return data.length > 0;
}
