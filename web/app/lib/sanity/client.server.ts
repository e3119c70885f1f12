/** The one Sanity client of the server: published content, through the configured API host. */
import { createClient, type SanityClient } from '@sanity/client';
import { serverEnv } from '../../config/env.server';
import { CONTENT_READ_TIMEOUT_MS } from '../../config/read-timeouts';

let client: SanityClient | undefined;

export function sanityClient(): SanityClient {
  if (client) return client;
  const env = serverEnv();
  client = createClient({
    projectId: env.SANITY_PROJECT_ID,
    dataset: env.SANITY_DATASET,
    apiVersion: env.SANITY_API_VERSION,
    useCdn: false,
    perspective: 'published',
    // A silent API must not hold a page: give up on a connection or an answer after a few
    // seconds, and retry once only (a refused connection fails fast; the default is 5 retries).
    timeout: CONTENT_READ_TIMEOUT_MS,
    maxRetries: 1,
    // Locally the offline content lake stands in for api.sanity.io.
    ...(env.SANITY_API_HOST ? { apiHost: env.SANITY_API_HOST, useProjectHostname: false } : {}),
  });
  return client;
}
