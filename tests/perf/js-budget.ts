/**
 * The JavaScript budget: what one page load costs in script bytes. Every JavaScript response the
 * page fetches until it has hydrated and the network is idle is counted at its gzip size: the bytes on the wire when
 * the server sent gzip, otherwise the body gzipped here (level 9, what the server's own gzip
 * variant uses). Brotli, which browsers get, is smaller still, and is reported alongside.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Request, Response } from '@playwright/test';

/** The target: 118 KiB of gzip-compressed JavaScript per page. */
export const JS_BUDGET_BYTES = 118 * 1024;

export interface ScriptCost {
  url: string;
  /** Bytes as decoded by the browser. */
  rawBytes: number;
  /** Bytes of the body on the wire (after content-encoding). */
  transferredBytes: number;
  encoding: string;
  gzipBytes: number;
}

export interface PageJsCost {
  path: string;
  status: number;
  scripts: ScriptCost[];
  gzipBytes: number;
  transferredBytes: number;
  rawBytes: number;
}

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript|ecmascript/i.test(type);
}

async function costOf(response: Response): Promise<ScriptCost> {
  const body = await response.body();
  const encoding = response.headers()['content-encoding'] ?? 'identity';
  const { responseBodySize } = await response.request().sizes();
  return {
    url: response.url(),
    rawBytes: body.length,
    transferredBytes: responseBodySize,
    encoding,
    gzipBytes: encoding === 'gzip' ? responseBodySize : gzipSync(body, { level: 9 }).length,
  };
}

/** How long no request may be in flight for the network to count as quiet (as Playwright's networkidle). */
const QUIET_MS = 500;

/** Follows `page`'s requests; `settled()` resolves once none has been in flight for QUIET_MS. */
function networkQuiet(page: Page): { settled(): Promise<void>; stop(): void } {
  const inFlight = new Set<Request>();
  let onChange = () => {};
  const started = (request: Request) => {
    inFlight.add(request);
    onChange();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    onChange();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    settled: () =>
      new Promise<void>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        onChange = () => {
          clearTimeout(timer);
          if (inFlight.size === 0) timer = setTimeout(resolve, QUIET_MS);
        };
        onChange();
      }),
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/** Loads `path` in `page` (use a fresh context: nothing cached) and adds up its JavaScript. */
export async function measurePageJs(page: Page, path: string): Promise<PageJsCost> {
  const pending: Array<Promise<ScriptCost | undefined>> = [];
  const onResponse = (response: Response) => {
    if (!isJavaScript(response) || response.status() !== 200) return;
    // A script the page is still fetching when it closes cannot be counted: it did not finish loading.
    pending.push(costOf(response).catch(() => undefined));
  };
  page.on('response', onResponse);
  const quiet = networkQuiet(page);
  let navigation;
  try {
    navigation = await page.goto(path, { waitUntil: 'networkidle' });
    // Hydration can start after the network first falls quiet (it waits for the LCP image's
    // paint: web/app/lib/document-head/deferred-hydration.server.ts), so the count ends only once
    // the page has hydrated and the network is quiet again.
    await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactProps')));
    await quiet.settled();
  } finally {
    page.off('response', onResponse);
    quiet.stop();
  }
  const scripts = (await Promise.all(pending)).filter((cost): cost is ScriptCost => cost !== undefined);
  const sum = (key: 'gzipBytes' | 'transferredBytes' | 'rawBytes') => scripts.reduce((total, s) => total + s[key], 0);
  return {
    path,
    status: navigation?.status() ?? 0,
    scripts,
    gzipBytes: sum('gzipBytes'),
    transferredBytes: sum('transferredBytes'),
    rawBytes: sum('rawBytes'),
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** One line per page: gzip total against the budget, what was transferred, raw size, file count. */
export function formatCost(cost: PageJsCost): string {
  const verdict = cost.gzipBytes <= JS_BUDGET_BYTES ? 'ok  ' : 'OVER';
  return `${verdict} ${cost.path.padEnd(36)} gzip ${kib(cost.gzipBytes).padStart(10)}  transferred ${kib(cost.transferredBytes).padStart(10)}  raw ${kib(cost.rawBytes).padStart(10)}  ${cost.scripts.length} files`;
}

/** The page's scripts, largest first, for a failure message. */
export function formatScripts(cost: PageJsCost): string {
  return [...cost.scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(
      (s) =>
        `  ${kib(s.gzipBytes).padStart(10)} gzip  ${kib(s.transferredBytes).padStart(10)} ${s.encoding.padEnd(8)} ${new URL(s.url).pathname}`,
    )
    .join('\n');
}
