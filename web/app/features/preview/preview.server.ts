/**
 * Preview mode on the server: drafts are read with a server-side token (SANITY_PREVIEW_TOKEN, a
 * token with read access; never sent to the browser), and only for a request whose preview cookie
 * carries a preview URL secret the content lake still holds (`@sanity/preview-url-secret`
 * validates it, a query per request: secrets expire after an hour and the Studio makes new ones).
 * Without the token configured, preview mode is off and its routes answer 404.
 */
import type { SanityClient } from '@sanity/client';
import { urlSearchParamPreviewSecret, validatePreviewUrl } from '@sanity/preview-url-secret';
import { serverEnv } from '../../config/env.server';
import { sanityClient } from '../../lib/sanity/client.server';
import { previewSecretOf } from './preview-cookie';

/** What a page rendered in preview knows: where the Studio is, for its click-to-edit links. */
export interface PreviewSession {
  studioOrigin: string | undefined;
}

let draftsClient: SanityClient | undefined;

export function previewConfigured(): boolean {
  return serverEnv().SANITY_PREVIEW_TOKEN !== '';
}

/** Reads drafts over published documents, uncached. Only for a request `previewSessionOf` accepted. */
export function previewClient(): SanityClient {
  const token = serverEnv().SANITY_PREVIEW_TOKEN;
  if (!token) throw new Error('SANITY_PREVIEW_TOKEN is not set: preview mode is off');
  draftsClient ??= sanityClient().withConfig({ token, perspective: 'drafts', useCdn: false });
  return draftsClient;
}

/** Checks a preview URL (the enable route's own URL) as the Studio made it. */
export function validatePreviewRequest(url: string) {
  return validatePreviewUrl(previewClient(), url);
}

/** The request's preview session, or null: no cookie, preview off, or a secret the lake no longer holds. */
export async function previewSessionOf(request: Request): Promise<PreviewSession | null> {
  const secret = previewSecretOf(request);
  if (!secret || !previewConfigured()) return null;
  const check = new URL('/', request.url);
  check.searchParams.set(urlSearchParamPreviewSecret, secret);
  const { isValid, studioOrigin } = await validatePreviewRequest(check.href);
  return isValid ? { studioOrigin } : null;
}
