/**
 * One more website process, from the current build, on a free port and against services of the
 * caller's choosing (a fault proxy in front of the content lake or the gateway): for the tests and
 * the soak that make a dependency fail without disturbing the stack's own website.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerEnv } from '../../web/app/config/env.server.ts';
import { localDefaults } from '../../local/env.ts';
import { freePort } from '../../local/http/ports.ts';
import { startWebsite } from '../../local/website.ts';

export interface ExtraWebsiteOptions {
  supabaseUrl: string;
  anonKey: string;
  contentUrl: string;
  sanity: { projectId: string; dataset: string; apiVersion: string };
  /** The content token for preview mode's drafts; none: preview mode off. */
  previewToken?: string;
  onLog?: (line: string) => void;
}

export async function startExtraWebsite(
  options: ExtraWebsiteOptions,
): Promise<{ url: string; /** The website's process (to watch its memory). */ pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'ascent-web-'));
  const env: Record<keyof ServerEnv, string> = {
    SUPABASE_URL: options.supabaseUrl,
    SUPABASE_ANON_KEY: options.anonKey,
    SANITY_PROJECT_ID: options.sanity.projectId,
    SANITY_DATASET: options.sanity.dataset,
    SANITY_API_VERSION: options.sanity.apiVersion,
    SANITY_API_HOST: options.contentUrl,
    SITE_URL: url,
    SANITY_PREVIEW_TOKEN: options.previewToken ?? '',
    CERTIFICATE_SIGNING_KEY: localDefaults().CERTIFICATE_SIGNING_KEY!,
  };
  const website = await startWebsite({ port, env, pidFile: join(dir, 'website.pid'), onLog: options.onLog });
  return {
    url,
    pid: website.pid,
    async stop() {
      await website.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
