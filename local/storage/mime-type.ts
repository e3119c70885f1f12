/** A bucket's allowed_mime_types check, as storage-api's validateMimeType matches (`image/*` included). */
import { errors } from './errors.ts';

export function mustBeAllowedMimeType(mimeType: string, allowed: readonly string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, subtype, ...rest] = mimeType.split('/');
  if (!type || subtype === undefined || rest.length > 0) throw errors.invalidMimeType(mimeType);
  const ok = allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
  if (!ok) throw errors.invalidMimeType(mimeType);
}
