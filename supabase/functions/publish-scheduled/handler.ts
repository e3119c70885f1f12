/**
 * publish-scheduled: publishes the Studio's due schedules (supabase/functions/publish-scheduled/
 * publish-due.ts). Hosted, pg_cron + pg_net call it every minute with the service role key; it
 * writes to the content lake with SANITY_API_WRITE_TOKEN, an Editor robot token kept as a function
 * secret (docs/scheduled-publishing.md). Locally the stack runs the same code in-process with the
 * lake's own token. Answers the run's report.
 */
import { getEnv, requireEnv } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { isServiceRole } from '../_shared/service-role.ts';
import type { LakeSettings } from './lake-api.ts';
import { publishDueSchedules } from './publish-due.ts';

/** The project's API host (not the CDN: drafts and writes), or the one SANITY_API_HOST names. */
export function lakeSettings(): LakeSettings {
  const projectId = requireEnv('SANITY_PROJECT_ID');
  return {
    apiHost: getEnv('SANITY_API_HOST') ?? `https://${projectId}.api.sanity.io`,
    dataset: requireEnv('SANITY_DATASET'),
    apiVersion: getEnv('SANITY_API_VERSION') ?? '2025-02-19',
    token: requireEnv('SANITY_API_WRITE_TOKEN'),
  };
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return json({ message: 'Method not allowed.' }, 405, { Allow: 'POST, OPTIONS' });
  if (!isServiceRole(req)) return json({ message: 'Only the scheduler may publish scheduled documents.' }, 403);
  try {
    return json(await publishDueSchedules(lakeSettings(), { now: () => new Date() }));
  } catch (error) {
    console.error('[publish-scheduled] run failed:', error);
    return json({ message: 'The scheduled documents could not be published.' }, 500);
  }
}
