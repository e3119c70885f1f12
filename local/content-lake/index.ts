/**
 * The local content lake: a Sanity-compatible API over the seed NDJSON in `content/` with local
 * edits journaled on top, so the website (plain HTTP, @sanity/client) and the Studio (HTTP/2 over
 * TLS, the same port) both work offline against one writable store.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLakeAccess } from './access.ts';
import { createAssetCache } from './asset-cache.ts';
import { createDualServer } from './dual-server.ts';
import { createImageServer } from './image-endpoint.ts';
import { loadDataset } from './load-dataset.ts';
import { createRouter } from './router.ts';
import { createDocumentStore, type DocumentStore } from './store/document-store.ts';
import { openJournal, readJournal, type Journal } from './store/journal.ts';
import { createStudioFiles } from './studio-files.ts';
import { ensureLocalCertificates } from './tls/local-certificates.ts';
import type { DatasetSnapshot } from './types.ts';
import { servedName, uploadedAssets } from './upload-endpoint.ts';
import { watchContent, type ContentWatcher } from './watch-content.ts';

export { DatasetError } from './dataset-error.ts';

export interface ContentLakeOptions {
  port: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Folder with `*.ndjson` and `images/` (the `sanity dataset import` layout): the seed. */
  contentDir: string;
  projectId: string;
  dataset: string;
  /**
   * Where the lake keeps its journal, uploaded files and TLS certificates. Without one, edits
   * live in a temporary folder removed on stop (tests).
   */
  dataDir?: string;
  /** A built Studio (`sanity build` output) to serve under /studio. */
  studioDir?: string;
  /** Reload the seed when files in contentDir change. */
  watch?: boolean;
  /** How long an image render may take, waiting included (default `renderTimeoutSeconds`). */
  renderDeadlineMs?: number;
  /**
   * Browser origins allowed to write and read drafts besides the lake's own (where it serves the
   * Studio), e.g. `sanity dev`'s. They still need the token.
   */
  studioOrigins?: string[];
  /** Log lines (reloads, reload errors); defaults to stderr with a `[content-lake]` prefix. */
  onLog?: (line: string) => void;
}

export interface RunningContentLake {
  /** Plain HTTP, for the website: `http://127.0.0.1:<port>`. */
  url: string;
  /** The same port over TLS (HTTP/2), the Studio's API host: `https://localhost:<port>`. */
  secureUrl: string;
  /** The built Studio, on the project hostname the Studio calls: `https://<projectId>.localhost:<port>/studio/`. */
  studioUrl: string;
  port: number;
  /** The local certificate authority a browser must trust (PEM). */
  certificateAuthority: string;
  /** True when this start made the authority (first start, or its files were removed). */
  certificateAuthorityCreated: boolean;
  journalPath: string;
  /**
   * This start's editor token (Authorization: Bearer) for scripts; the Studio the lake serves gets
   * it as a cookie. Also in `<dataDir>/editor-token` (owner-only) while the lake runs.
   */
  token: string;
  store: DocumentStore;
  /** Re-reads contentDir; rejects (keeping the previous seed) when it has problems. */
  reload(): Promise<void>;
  stop(): Promise<void>;
}

export async function startContentLake(options: ContentLakeOptions): Promise<RunningContentLake> {
  const host = options.host ?? '127.0.0.1';
  const onLog = options.onLog ?? ((line: string) => console.error(`[content-lake] ${line}`));
  const scratch = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'content-lake-data-'));
  const dataDir = options.dataDir ?? scratch ?? '';
  const datasetDir = join(dataDir, options.projectId, options.dataset);
  const assetsDir = join(datasetDir, 'assets');
  const journalPath = join(datasetDir, 'journal.ndjson');
  const tls = await ensureLocalCertificates(join(dataDir, 'tls'), [
    'localhost',
    `${options.projectId}.localhost`,
    '127.0.0.1',
    '::1',
  ]);

  let store: DocumentStore | undefined;
  const images = createImageServer(
    options.renderDeadlineMs === undefined ? {} : { deadlineMs: options.renderDeadlineMs },
  );
  let origin = '';
  let secureOrigin = '';
  let projectOrigin = '';
  const access = createLakeAccess(() => [secureOrigin, projectOrigin, origin, ...(options.studioOrigins ?? [])]);
  // Sanity's API: reads by GET, long queries and writes by POST, CORS preflights.
  const server = createDualServer(
    {
      service: 'content lake',
      methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
      maxUrlLength: 16 * 1024,
      body: 'json',
    },
    createRouter({
      projectId: options.projectId,
      dataset: options.dataset,
      store: () => store,
      images,
      assetsDir,
      origin: () => origin,
      // The Studio calls the project-less API host it is configured with, and loads assets from `origin`.
      studio: options.studioDir
        ? createStudioFiles(options.studioDir, () => [secureOrigin, origin], access.sessionCookie)
        : undefined,
      access,
      onLog,
    }),
    tls,
  );
  // Asset URLs name the lake's own origin, known once the port is bound (port 0 in tests).
  const port = await server.listen(options.port, host);
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  secureOrigin = `https://localhost:${port}`;
  projectOrigin = `https://${options.projectId}.localhost:${port}`;
  const tokenPath = join(dataDir, 'editor-token');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(tokenPath, `${access.token}\n`, { mode: 0o600 });
  const describe = createAssetCache();
  const load = (): Promise<DatasetSnapshot> =>
    loadDataset({
      contentDir: options.contentDir,
      projectId: options.projectId,
      dataset: options.dataset,
      origin,
      describe,
    });

  let opened: DocumentStore;
  let journal: Journal;
  try {
    const seed = await load();
    const replay = readJournal(journalPath, onLog);
    journal = openJournal(journalPath);
    opened = createDocumentStore({ seed, replay, journal });
    const context = { origin, projectId: options.projectId, dataset: options.dataset };
    for (const asset of uploadedAssets(opened.snapshot().raw, assetsDir).values()) {
      opened.addUploadedAsset(servedName(asset, context), asset);
    }
    if (replay.length > 0) onLog(`replayed ${replay.length} local transaction(s) from ${journalPath}`);
    store = opened;
  } catch (error) {
    await server.close();
    images.close();
    throw error;
  }

  // Reloads run one at a time; the seed is swapped only after a complete, clean load.
  let queue: Promise<unknown> = Promise.resolve();
  const reload = (): Promise<void> => {
    const next = queue.then(async () => {
      const started = performance.now();
      const seed = await load();
      store?.reseed(seed);
      onLog(`reloaded ${seed.raw.length} seed documents in ${Math.round(performance.now() - started)} ms`);
    });
    queue = next.catch(() => undefined);
    return next;
  };

  let watcher: ContentWatcher | undefined;
  if (options.watch) {
    watcher = watchContent(
      options.contentDir,
      () =>
        reload().catch((error: unknown) =>
          onLog(
            `reload failed, still serving the previous dataset:\n${error instanceof Error ? error.message : String(error)}`,
          ),
        ),
      (error) => onLog(`watching ${options.contentDir} failed: ${error.message}`),
    );
  }

  return {
    url: origin,
    secureUrl: secureOrigin,
    studioUrl: `${projectOrigin}/studio/`,
    port,
    certificateAuthority: tls.authorityPath,
    certificateAuthorityCreated: tls.authorityCreated,
    journalPath,
    token: access.token,
    store: opened,
    reload,
    async stop() {
      watcher?.close();
      await server.close();
      images.close();
      journal.close();
      rmSync(tokenPath, { force: true });
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    },
  };
}
