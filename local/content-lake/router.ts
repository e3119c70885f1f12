/**
 * Dispatches the lake's HTTP routes and applies CORS to every reply: the data API (query, doc,
 * listen, mutate, actions, history), asset upload and download, the Studio's project and identity
 * calls, the built Studio's files under /studio, and /health. On node:http and HTTP/2 directly,
 * not Hono: its endpoints stream into the response (listen, assets) and the lake serves both protocols.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { declaredTooLarge } from '../http/body-limit.ts';
import { isJsonBody, isSimpleRequestBody, type LakeAccess } from './access.ts';
import { answerPreflight, applyCors } from './cors.ts';
import { handleDoc } from './doc-endpoint.ts';
import { handleHistory } from './history-endpoint.ts';
import { sendHttpError, sendJson } from './http-reply.ts';
import type { ImageServer } from './image-endpoint.ts';
import { handleListen } from './listen-endpoint.ts';
import { handleLiveEvents } from './live-events-endpoint.ts';
import { publicSnapshot } from './public-view.ts';
import { handleQuery } from './query-endpoint.ts';
import type { DocumentStore } from './store/document-store.ts';
import { handleStudioApi, localEditor } from './studio-api.ts';
import type { StudioFiles } from './studio-files.ts';
import { handleUpload, maxUploadBytes } from './upload-endpoint.ts';
import { handleWrite } from './write-endpoints.ts';

export interface RouterContext {
  projectId: string;
  dataset: string;
  store(): DocumentStore | undefined;
  images: ImageServer;
  /** Where uploaded binaries are kept. */
  assetsDir: string;
  /** The lake's plain-HTTP origin: asset URLs name it. */
  origin(): string;
  studio?: StudioFiles;
  /** Who is an editor (writes, drafts, history); everyone else reads published documents. */
  access: LakeAccess;
  onLog(line: string): void;
}

const dataRoute =
  /^\/v(1|X|\d{4}-\d{2}-\d{2})\/data\/(query|doc|listen|mutate|actions|history)\/([^/]+)(?:\/(.+))?\/?$/;
/** The Live Content API's events (the dataset comes after `live/events`). */
const liveEventsRoute = /^\/v(?:1|X|\d{4}-\d{2}-\d{2})\/data\/live\/events\/([^/]+)\/?$/;
const uploadRoute = /^\/v(1|X|\d{4}-\d{2}-\d{2})\/assets\/(images|files)\/([^/]+)\/?$/;
const assetRoute = /^\/(images|files)\/([^/]+)\/([^/]+)\/([^/]+)(?:\/[^/]*)?$/;
const versioned = /^\/v(?:1|X|\d{4}-\d{2}-\d{2})(\/.*)$/;

function unknownDataset(res: ServerResponse, name: string, projectId: string): void {
  sendHttpError(res, 404, `Dataset "${name}" not found for project ID "${projectId}"`);
}

/**
 * Writes and private reads: a page on another origin gets 403, a caller without the token 401.
 * False when the request was answered.
 */
function editorOnly(req: IncomingMessage, res: ServerResponse, access: LakeAccess): boolean {
  const foreign = access.foreignOrigin(req);
  if (foreign !== undefined) {
    sendHttpError(res, 403, `Origin ${foreign} may not write or read drafts here: only the Studio may`);
    return false;
  }
  if (access.callerOf(req) !== 'editor') {
    sendHttpError(
      res,
      401,
      'This needs the local editor token (the Studio served by the lake has it; scripts send Authorization: Bearer <token>)',
    );
    return false;
  }
  return true;
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: RouterContext): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://lake.local');
  const store = ctx.store();
  if (!store) return sendHttpError(res, 503, 'The content lake is still loading its dataset');

  if (ctx.studio && (url.pathname === '/studio' || url.pathname.startsWith('/studio/'))) {
    return ctx.studio.serve(req, res, url);
  }

  const live = liveEventsRoute.exec(url.pathname);
  if (live) {
    if (decodeURIComponent(live[1] ?? '') !== ctx.dataset)
      return unknownDataset(res, decodeURIComponent(live[1] ?? ''), ctx.projectId);
    return handleLiveEvents(req, res, url, store, ctx.access.callerOf(req) === 'editor');
  }
  const data = dataRoute.exec(url.pathname);
  if (data) {
    const [, apiVersion = '', endpoint, datasetName = '', rest] = data;
    if (decodeURIComponent(datasetName) !== ctx.dataset)
      return unknownDataset(res, decodeURIComponent(datasetName), ctx.projectId);
    // Without the token, every perspective sees published documents only (as on a hosted project).
    const editor = ctx.access.callerOf(req) === 'editor';
    const snapshot = editor ? store.snapshot() : publicSnapshot(store.snapshot());
    if (endpoint === 'query' && rest === undefined) return handleQuery(req, res, url, apiVersion, snapshot);
    if (endpoint === 'doc' && rest !== undefined) return handleDoc(req, res, url, rest, snapshot);
    if (endpoint === 'listen' && rest === undefined) return handleListen(req, res, url, store, !editor);
    if ((endpoint === 'mutate' || endpoint === 'actions') && rest === undefined) {
      if (!editorOnly(req, res, ctx.access)) return;
      if (req.method === 'POST' && !isJsonBody(req.headers['content-type'])) {
        return sendHttpError(res, 415, `${endpoint} takes Content-Type: application/json`);
      }
      return handleWrite(req, res, url, endpoint, store, localEditor.id);
    }
    if (endpoint === 'history' && rest !== undefined) {
      if (!editorOnly(req, res, ctx.access)) return;
      return handleHistory(req, res, url, rest, store);
    }
  }

  const upload = uploadRoute.exec(url.pathname);
  if (upload) {
    const [, , kind, datasetName = ''] = upload;
    if (decodeURIComponent(datasetName) !== ctx.dataset)
      return unknownDataset(res, decodeURIComponent(datasetName), ctx.projectId);
    if (!editorOnly(req, res, ctx.access)) return;
    if (req.method === 'POST' && isSimpleRequestBody(req)) {
      return sendHttpError(res, 415, "Uploads take the file's own Content-Type (not a form or text/plain)");
    }
    return handleUpload(req, res, url, kind === 'images' ? 'image' : 'file', {
      store,
      assetsDir: ctx.assetsDir,
      author: localEditor.id,
      origin: ctx.origin(),
      projectId: ctx.projectId,
      dataset: ctx.dataset,
    });
  }

  const asset = assetRoute.exec(url.pathname);
  if (asset) {
    const [, kind, projectId, dataset, fileName = ''] = asset;
    const snapshot = store.snapshot();
    const ours = projectId === ctx.projectId && dataset === ctx.dataset;
    const stored = ours
      ? (kind === 'images' ? snapshot.images : snapshot.files).get(decodeURIComponent(fileName))
      : undefined;
    return ctx.images.handle(req, res, url, stored);
  }

  if (url.pathname === '/health') {
    const snapshot = store.snapshot();
    return sendJson(res, 200, {
      status: 'ok',
      documents: snapshot.raw.length,
      transactions: store.transactions().length,
      loadedAt: snapshot.loadedAt.toISOString(),
    });
  }

  const apiPath = versioned.exec(url.pathname)?.[1] ?? url.pathname;
  if (handleStudioApi(req, res, apiPath, ctx)) return;
  sendHttpError(res, 404, `No such endpoint: ${req.method ?? ''} ${url.pathname}`);
}

export function createRouter(ctx: RouterContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    applyCors(req, res, ctx.access);
    if (req.method === 'OPTIONS') return answerPreflight(req, res, ctx.access);
    // No route takes more than an upload: a larger declared body is refused before it is read.
    if (declaredTooLarge(req.headers, maxUploadBytes)) {
      return sendHttpError(res, 413, `Request body too large (max ${maxUploadBytes} bytes)`);
    }
    route(req, res, ctx).catch((error: unknown) => {
      ctx.onLog(
        `error on ${req.method ?? ''} ${req.url ?? ''}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) sendHttpError(res, 500, 'Internal error in the local content lake (see its log)');
      else res.destroy();
    });
  };
}
