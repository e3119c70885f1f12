/**
 * The preview-mode cookie: it holds the preview URL secret the Studio's Presentation tool made, so
 * each preview request is checked against the content lake again (a secret lives an hour there).
 * HttpOnly always. The page is shown inside the Studio's iframe, a cross-site frame, so the cookie
 * must be `SameSite=None`, which browsers take only with `Secure`; `Partitioned` keeps it to the
 * Studio's frame where third-party cookies are blocked. Over plain HTTP it is `Secure` only on a
 * loopback host (browsers count those as secure contexts); elsewhere it falls back to `Lax`.
 */
export const PREVIEW_COOKIE = 'ascent_preview';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the cookie may be `Secure; SameSite=None` for this request's URL. */
export function crossSiteCapable(url: URL): boolean {
  return url.protocol === 'https:' || loopbackHosts.has(url.hostname);
}

function attributes(url: URL): string {
  return crossSiteCapable(url)
    ? 'Path=/; HttpOnly; Secure; SameSite=None; Partitioned'
    : 'Path=/; HttpOnly; SameSite=Lax';
}

export function previewCookie(secret: string, url: URL): string {
  return `${PREVIEW_COOKIE}=${encodeURIComponent(secret)}; ${attributes(url)}`;
}

export function clearedPreviewCookie(url: URL): string {
  return `${PREVIEW_COOKIE}=; Max-Age=0; ${attributes(url)}`;
}

/** The secret the request's preview cookie carries, if any. */
export function previewSecretOf(request: Request): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === PREVIEW_COOKIE) {
      const secret = decodeURIComponent(value.join('='));
      return secret || undefined;
    }
  }
  return undefined;
}
