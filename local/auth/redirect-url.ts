/** GoTrue's redirect_to rule: the site URL's host, or a match of an additional redirect URL; else the site URL. */

/** A glob as GoTrue matches redirect URLs: `**` any text, `*` any text without a slash. */
function globToRegExp(glob: string): RegExp {
  const pattern = glob
    .split('**')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('.*');
  return new RegExp(`^${pattern}$`);
}

export function allowedRedirect(requested: string | null, siteUrl: string, additional: readonly string[]): string {
  if (!requested) return siteUrl;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl;
  if (url.hostname === new URL(siteUrl).hostname) return requested;
  return additional.some((pattern) => globToRegExp(pattern).test(requested)) ? requested : siteUrl;
}
