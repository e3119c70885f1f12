/** Dispatches the lake's HTTP routes (query, doc, images, files) and applies CORS to every reply. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerPreflight, applyCors } from './cors.ts';
import { handleDoc } from './doc-endpoint.ts';
import { sendHttpError, sendJson } from './http-reply.ts';
import type { ImageServer } from './image-endpoint.ts';
import { handleQuery } from './query-endpoint.ts';
import type { DatasetSnapshot } from './types.ts';

export interface RouterContext {
  projectId: string;
  dataset: string;
  snapshot(): DatasetSnapshot | undefined;
  images: ImageServer;
  onLog(line: string): void;
}

const dataRoute = /^\/v(1|X|\d{4}-\d{2}-\d{2})\/data\/(query|doc)\/([^/]+)(?:\/([^/]+))?\/?$/;
const assetRoute = /^\/(images|files)\/([^/]+)\/([^/]+)\/([^/]+)(?:\/[^/]*)?$/;

async function route(req: IncomingMessage, res: ServerResponse, ctx: RouterContext): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://lake.local');
  const snapshot = ctx.snapshot();
  if (!snapshot) return sendHttpError(res, 503, 'The content lake is still loading its dataset');

  const data = dataRoute.exec(url.pathname);
  if (data) {
    const [, apiVersion = '', endpoint, datasetName = '', ids] = data;
    if (decodeURIComponent(datasetName) !== ctx.dataset) {
      return sendHttpError(
        res,
        404,
        `Dataset "${decodeURIComponent(datasetName)}" not found for project ID "${ctx.projectId}"`,
      );
    }
    if (endpoint === 'query' && ids === undefined) return handleQuery(req, res, url, apiVersion, snapshot);
    if (endpoint === 'doc' && ids !== undefined) return handleDoc(req, res, url, ids, snapshot);
  }

  const asset = assetRoute.exec(url.pathname);
  if (asset) {
    const [, kind, projectId, dataset, fileName = ''] = asset;
    const ours = projectId === ctx.projectId && dataset === ctx.dataset;
    const stored = ours
      ? (kind === 'images' ? snapshot.images : snapshot.files).get(decodeURIComponent(fileName))
      : undefined;
    return ctx.images.handle(req, res, url, stored);
  }

  if (url.pathname === '/health') {
    return sendJson(res, 200, {
      status: 'ok',
      documents: snapshot.raw.length,
      loadedAt: snapshot.loadedAt.toISOString(),
    });
  }
  sendHttpError(res, 404, `No such endpoint: ${req.method ?? ''} ${url.pathname}`);
}

export function createRouter(ctx: RouterContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    applyCors(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    route(req, res, ctx).catch((error: unknown) => {
      ctx.onLog(
        `error on ${req.method ?? ''} ${req.url ?? ''}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) sendHttpError(res, 500, 'Internal error in the local content lake (see its log)');
      else res.destroy();
    });
  };
}
