/**
 * The rules of the public `media` bucket as the browser sees them (types, size, object paths and
 * their public URLs), kept apart from supabase-js so they load and test without it. The bucket
 * itself enforces the same limits (supabase/migrations/20261124210000_media_bucket.sql).
 */

export const mediaBucket = 'media';
export const maxImageBytes = 5 * 1024 * 1024;

/** Allowed types and the file extension each is stored with. */
const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

export class ImageStorageError extends Error {
  override name = 'ImageStorageError';
}

/** A folder such as `events` or `programs/2026`: lower-case letters, digits, `-` and `_` per segment. */
const folderPattern = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

/**
 * Where a new image goes: `<folder>/<random id>.<ext>`. The name is never the user's file name
 * (storage keys refuse many characters, and two uploads must never replace each other).
 */
export function newImagePath(file: { type: string; size: number }, folder: string, id: string): string {
  if (!folderPattern.test(folder)) throw new Error(`Invalid image folder: ${JSON.stringify(folder)}`);
  const extension = extensions[file.type];
  if (!extension) throw new ImageStorageError('Only JPEG, PNG, WebP and AVIF images can be uploaded.');
  if (file.size > maxImageBytes) throw new ImageStorageError('The image is larger than 5 MB.');
  if (file.size === 0) throw new ImageStorageError('The image file is empty.');
  return `${folder}/${id}.${extension}`;
}

/** The object path of one of this project's `media` public URLs, or null for any other URL. */
export function mediaPathFromUrl(url: string, supabaseUrl: string): string | null {
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(supabaseUrl);
  } catch {
    return null;
  }
  const prefix = `${base.pathname.replace(/\/$/, '')}/storage/v1/object/public/${mediaBucket}/`;
  if (parsed.origin !== base.origin || !parsed.pathname.startsWith(prefix)) return null;
  try {
    const path = decodeURIComponent(parsed.pathname.slice(prefix.length));
    return path && !path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
      ? path
      : null;
  } catch {
    return null;
  }
}

/** A Storage error in words for staff (storage-api puts the real status in `statusCode`). */
export function describeStorageError(error: { statusCode?: unknown; message: string }, action: string): string {
  switch (String(error.statusCode ?? '')) {
    case '413':
      return 'The image is larger than 5 MB.';
    case '415':
      return 'Only JPEG, PNG, WebP and AVIF images can be uploaded.';
    case '403':
      return `Your account is not allowed to ${action} images.`;
    default:
      return `The image could not be ${action === 'upload' ? 'uploaded' : 'removed'}. Please try again.`;
  }
}
