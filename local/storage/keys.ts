/**
 * Bucket names and object keys as storage-api accepts them (its S3-safe character sets), and
 * no `.` or `..` segment: a key names a row, never a place in the file system.
 */
import { errors } from './errors.ts';

const validObjectKey = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const validBucketName = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
/** storage-api's column limit on names (bytes), kept here so a huge key is refused, not stored. */
const maxKeyBytes = 1024;

export function mustBeValidBucketName(name: string): string {
  if (name.length === 0 || name.length > 100 || !validBucketName.test(name)) throw errors.invalidBucketName();
  return name;
}

export function mustBeValidKey(key: string): string {
  const segments = key.split('/');
  const valid =
    key.length > 0 &&
    Buffer.byteLength(key) <= maxKeyBytes &&
    validObjectKey.test(key) &&
    !key.startsWith('/') &&
    segments.every((segment) => segment !== '.' && segment !== '..');
  if (!valid) throw errors.invalidKey(key);
  return key;
}
