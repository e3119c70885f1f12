/**
 * The local content lake: a Sanity-compatible HTTP API (query, doc, images) over the seed NDJSON
 * in `content/`, so the website runs offline with @sanity/client and @sanity/image-url unchanged.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGuardedServer } from '../../web/server/request-guard.ts';
import { createAssetCache } from './asset-cache.ts';
import { createImageServer } from './image-endpoint.ts';
import { loadDataset } from './load-dataset.ts';
import { createRouter } from './router.ts';
import type { DatasetSnapshot } from './types.ts';
import { watchContent, type ContentWatcher } from './watch-content.ts';

export { DatasetError } from './dataset-error.ts';

export interface ContentLakeOptions {
  port: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Folder with `*.ndjson` and `images/` (the `sanity dataset import` layout). */
  contentDir: string;
  projectId: string;
  dataset: string;
  /** Reload when files in contentDir change. */
  watch?: boolean;
  /** Log lines (reloads, reload errors); defaults to stderr with a `[content-lake]` prefix. */
  onLog?: (line: string) => void;
}

export interface RunningContentLake {
  url: string;
  port: number;
  /** Re-reads contentDir; rejects (keeping the previous dataset) when it has problems. */
  reload(): Promise<void>;
  stop(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(error.code === 'EADDRINUSE' ? new Error(`Content lake: ${host}:${port} is already in use`) : error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startContentLake(options: ContentLakeOptions): Promise<RunningContentLake> {
  const host = options.host ?? '127.0.0.1';
  const onLog = options.onLog ?? ((line: string) => console.error(`[content-lake] ${line}`));
  let snapshot: DatasetSnapshot | undefined;
  // Sanity's API: reads by GET, long queries by POST, CORS preflights; nothing else reaches the
  // router. @sanity/client sends a query by GET until its query string reaches 11,264 characters.
  const server = createGuardedServer(
    { service: 'content lake', methods: ['GET', 'HEAD', 'POST', 'OPTIONS'], maxUrlLength: 12 * 1024, body: 'json' },
    createRouter({
      projectId: options.projectId,
      dataset: options.dataset,
      snapshot: () => snapshot,
      images: createImageServer(),
      onLog,
    }),
  );
  // Asset URLs name the lake's own origin, known once the port is bound (port 0 in tests).
  const port = await listen(server, options.port, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const describe = createAssetCache();
  const load = (): Promise<DatasetSnapshot> =>
    loadDataset({
      contentDir: options.contentDir,
      projectId: options.projectId,
      dataset: options.dataset,
      origin: url,
      describe,
    });

  try {
    snapshot = await load();
  } catch (error) {
    await close(server);
    throw error;
  }

  // Reloads run one at a time; the snapshot is swapped only after a complete, clean load.
  let queue: Promise<unknown> = Promise.resolve();
  const reload = (): Promise<void> => {
    const next = queue.then(async () => {
      const started = performance.now();
      snapshot = await load();
      onLog(`reloaded ${snapshot.raw.length} documents in ${Math.round(performance.now() - started)} ms`);
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
    url,
    port,
    reload,
    async stop() {
      watcher?.close();
      await close(server);
    },
  };
}
