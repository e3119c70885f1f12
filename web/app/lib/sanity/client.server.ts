/** The one Sanity client of the server: published content, through the configured API host. */
import { createClient, type SanityClient } from '@sanity/client';
import { serverEnv } from '../../config/env.server';

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
    // Locally the offline content lake stands in for api.sanity.io.
    ...(env.SANITY_API_HOST ? { apiHost: env.SANITY_API_HOST, useProjectHostname: false } : {}),
  });
  return client;
}
