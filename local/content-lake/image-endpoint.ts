/**
 * `GET /images/<projectId>/<dataset>/<sha1>-<w>x<h>.<ext>[/<vanity>]` and `/files/...`: originals
 * as stored, or transformed through sharp (results kept in a bounded LRU cache). Responses are
 * immutable, like Sanity's CDN: the URL names the content by hash.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { maxInputPixels, maxQueuedRenders, outputTooLarge, renderTimeoutSeconds, renderWorkers } from './image-cost.ts';
import { planGeometry, type Plan } from './image-geometry.ts';
import { asksForTransform, parseImageParams, type ImageSpec, type OutputFormat } from './image-params.ts';
import { contentTypes } from './image-render.ts';
import { createRenderPool, RenderRefusedError, type RenderJob, type RenderPoolOptions } from './render-pool.ts';
import { sendHttpError } from './http-reply.ts';
import type { StoredAsset } from './types.ts';

const immutable = 'public, max-age=31536000, immutable';

export interface ImageServer {
  handle(req: IncomingMessage, res: ServerResponse, url: URL, asset: StoredAsset | undefined): Promise<void>;
  /** The render processes alive now. */
  renderPids(): number[];
  close(): void;
}

/** The format to produce: `fm`, else WebP for `auto=format` when the browser takes it, else the original's. */
function outputFormat(spec: ImageSpec, asset: StoredAsset, accept: string): OutputFormat {
  if (spec.fm) return spec.fm;
  if (spec.autoFormat && accept.includes('image/webp')) return 'webp';
  switch (asset.extension) {
    case 'jpg':
    case 'png':
    case 'webp':
    case 'gif':
    case 'avif':
      return asset.extension;
    default:
      // SVG rasterises to PNG (keeps transparency); TIFF is not a web format.
      return asset.extension === 'svg' ? 'png' : 'jpg';
  }
}

function disposition(spec: ImageSpec, asset: StoredAsset, extension: string): Record<string, string> {
  if (spec.download === undefined) return {};
  const name = spec.download || `${asset.sha1}.${extension}`;
  return { 'Content-Disposition': `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"` };
}

function send(res: ServerResponse, body: Buffer, headers: Record<string, string>): void {
  res.writeHead(200, {
    'Content-Length': String(body.length),
    'Cache-Control': immutable,
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

export function createImageServer({
  cacheBytes = 64 * 1024 * 1024,
  ...limits
}: Partial<RenderPoolOptions> & { cacheBytes?: number } = {}): ImageServer {
  const pool = createRenderPool({
    workers: renderWorkers,
    queueLimit: maxQueuedRenders,
    deadlineMs: renderTimeoutSeconds * 1000,
    ...limits,
  });
  // Renders kept up to `cacheBytes`; identical requests arriving together share one render (fetch).
  const cache = new LRUCache<string, Buffer, RenderJob>({
    max: 1000,
    maxSize: cacheBytes,
    sizeCalculation: (body) => Math.max(1, body.byteLength),
    fetchMethod: (_key, _stale, { context }) => pool.render(context),
  });

  async function transformed(
    asset: StoredAsset,
    spec: ImageSpec,
    plan: Plan,
    format: OutputFormat,
  ): Promise<{ body: Buffer; hit: boolean }> {
    const key = `${asset.id}?${JSON.stringify(spec)}>${format}`;
    const cached = cache.get(key);
    if (cached) return { body: cached, hit: true };
    const job: RenderJob = {
      filePath: asset.filePath,
      isSvg: asset.extension === 'svg',
      original: asset,
      spec,
      plan,
      format,
    };
    const body = await cache.fetch(key, { context: job });
    if (!body) throw new Error(`The render of ${key} gave nothing`);
    return { body, hit: false };
  }

  return {
    async handle(req, res, url, asset) {
      try {
        await serve(req, res, url, asset);
      } catch (error) {
        // The file went away after the dataset was loaded; the next reload will drop it too.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          return sendHttpError(res, 404, 'Asset file not found on disk');
        if (res.headersSent) throw error;
        // Past its deadline (its process killed), or too many renders waiting (render-pool.ts).
        if (error instanceof RenderRefusedError) return sendHttpError(res, 503, error.message);
        if (error instanceof Error && /pixel limit/i.test(error.message)) {
          return sendHttpError(res, 400, `The source image is larger than ${maxInputPixels} pixels`);
        }
        throw error;
      }
    },
    renderPids: () => pool.pids(),
    close: () => pool.close(),
  };

  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    asset: StoredAsset | undefined,
  ): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendHttpError(res, 405, 'Images are read-only here');
    if (!asset) return sendHttpError(res, 404, 'Asset not found');
    const spec = parseImageParams(url.searchParams);
    if ('error' in spec) return sendHttpError(res, 400, spec.error);
    const isSvg = asset.extension === 'svg';
    if (asset.kind === 'file' || !asksForTransform(spec, isSvg)) {
      const body = await readFile(asset.filePath);
      // An SVG opened straight from this origin must not run scripts.
      const svgPolicy: Record<string, string> = isSvg
        ? { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:" }
        : {};
      return send(res, body, {
        'Content-Type': asset.mimeType,
        ...svgPolicy,
        ...disposition(spec, asset, asset.extension),
      });
    }
    const plan = planGeometry({ width: asset.width, height: asset.height }, spec);
    if ('error' in plan) return sendHttpError(res, 400, plan.error);
    const tooLarge = outputTooLarge(plan.output);
    if (tooLarge) return sendHttpError(res, 400, tooLarge);
    const format = outputFormat(spec, asset, req.headers.accept ?? '');
    const result = await transformed(asset, spec, plan, format);
    const vary: Record<string, string> = spec.autoFormat && !spec.fm ? { Vary: 'Origin, Accept' } : {};
    send(res, result.body, {
      'Content-Type': contentTypes[format],
      'X-Local-Cache': result.hit ? 'hit' : 'miss',
      ...vary,
      ...disposition(spec, asset, format === 'pjpg' ? 'jpg' : format),
    });
  }
}
