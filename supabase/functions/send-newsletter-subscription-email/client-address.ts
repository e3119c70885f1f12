/** The calling client's IP for per-client limits: Cloudflare's header hosted, else the last x-forwarded-for entry. */

/**
 * Hosted Supabase sits behind Cloudflare, which sets cf-connecting-ip and overwrites any sent by
 * the client; x-forwarded-for's first entries are the client's to forge, so only its LAST entry
 * (appended by the proxy in front of the function) is trusted.
 */
export function clientAddress(headers: Headers): string {
  const cloudflare = headers.get('cf-connecting-ip')?.trim();
  if (cloudflare) return cloudflare.slice(0, 64);
  const forwarded = headers.get('x-forwarded-for');
  const last = forwarded?.split(',').pop()?.trim();
  return last ? last.slice(0, 64) : 'unknown';
}
