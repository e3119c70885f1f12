/**
 * The website's environment on the local stack: one function for `npm start` (the production
 * build, local/stack.ts) and `npm run dev` (Vite, scripts/dev.ts), typed by the website's own
 * settings schema so a setting it starts to need cannot be forgotten here.
 */
import type { ServerEnv } from '../web/app/config/env.server.ts';
import type { StackEnv } from './config.ts';

export interface WebsiteServices {
  /** The Supabase API gateway's URL. */
  apiUrl: string;
  /** The content lake's URL (Sanity's API host). */
  contentUrl: string;
  /** The content lake's token, for preview mode's drafts (docs/preview.md). */
  contentToken: string;
}

export function websiteEnv(env: StackEnv, services: WebsiteServices): Record<keyof ServerEnv, string> {
  return {
    SUPABASE_URL: services.apiUrl,
    SUPABASE_ANON_KEY: env.SUPABASE_ANON_KEY,
    SANITY_PROJECT_ID: env.SANITY_PROJECT_ID,
    SANITY_DATASET: env.SANITY_DATASET,
    SANITY_API_VERSION: env.SANITY_API_VERSION,
    SANITY_API_HOST: services.contentUrl,
    SITE_URL: env.SITE_URL,
    SANITY_PREVIEW_TOKEN: services.contentToken,
    CERTIFICATE_SIGNING_KEY: env.CERTIFICATE_SIGNING_KEY,
  };
}
