/** Test helper: a content lake on a free port over a private copy of the fixtures, with unmodified clients. */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SanityClient } from '@sanity/client';
import { createImageUrlBuilder } from '@sanity/image-url';
import { startContentLake, type RunningContentLake } from './index.ts';

export const projectId = 'test1234';
export const dataset = 'fixtures';
export const fixturesDir = join(import.meta.dirname, 'fixtures');

export interface TestLake {
  lake: RunningContentLake;
  /** The lake's private copy of the fixtures: tests may edit it. */
  dir: string;
  /** With the lake's editor token: writes, drafts, history. */
  client: SanityClient;
  /** Without a token, as the website: published documents only. */
  anonymous: SanityClient;
  urlFor: ReturnType<typeof createImageUrlBuilder>['image'];
  logs: string[];
  close(): Promise<void>;
}

/** The client configuration the website uses against the local lake (web/app/lib/sanity/client.server.ts: apiHost, no project hostname). */
export function lakeClient(
  apiHost: string,
  apiVersion = '2025-02-19',
  dataset_ = dataset,
  projectId_ = projectId,
  token?: string,
): SanityClient {
  return createClient({
    projectId: projectId_,
    dataset: dataset_,
    apiHost,
    useProjectHostname: false,
    useCdn: false,
    apiVersion,
    ...(token ? { token } : {}),
  });
}

export async function startTestLake(options: { watch?: boolean; renderDeadlineMs?: number } = {}): Promise<TestLake> {
  const dir = await mkdtemp(join(tmpdir(), 'content-lake-'));
  await cp(fixturesDir, dir, { recursive: true });
  const logs: string[] = [];
  const lake = await startContentLake({
    port: 0,
    contentDir: dir,
    projectId,
    dataset,
    watch: options.watch,
    renderDeadlineMs: options.renderDeadlineMs,
    onLog: (line) => logs.push(line),
  });
  const client = lakeClient(lake.url, undefined, dataset, projectId, lake.token);
  const anonymous = lakeClient(lake.url);
  const builder = createImageUrlBuilder(client);
  return {
    lake,
    dir,
    client,
    anonymous,
    urlFor: (source) => builder.image(source),
    logs,
    async close() {
      await lake.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
