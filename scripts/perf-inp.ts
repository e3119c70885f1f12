/**
 * The INP part of `npm run perf`: each route's first presses on the slow phone
 * (tests/perf/first-press-inp.ts), `runs` times in a fresh Chromium context each, and the medians.
 */
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.ts';
import { EVENT_TIMING_THRESHOLD_MS, measureFirstPressInp } from '../tests/perf/first-press-inp.ts';

/** The goal of issue 24: a first press answers within this (Google's "good" INP). */
export const INP_GOAL_MS = 200;

export interface RouteInp {
  path: string;
  /** Medians over the runs. */
  inpMs: number;
  firstPressToEffectMs: number;
  /** Runs whose first press came before hydration, of all runs. */
  beforeHydration: number;
  runs: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const ms = (value: number) => (value === 0 ? `< ${EVENT_TIMING_THRESHOLD_MS} ms` : `${Math.round(value)} ms`);

export function formatRouteInp(r: RouteInp): string {
  const verdict = r.inpMs < INP_GOAL_MS ? 'ok  ' : 'SLOW';
  return `${verdict} ${r.path.padEnd(36)} INP ${ms(r.inpMs).padStart(9)}  first press to effect ${ms(r.firstPressToEffectMs).padStart(9)}  pressed before hydration ${r.beforeHydration}/${r.runs}  load ${loadavg()[0]!.toFixed(1)}`;
}

/** Measures every path that has the header's theme button; the others are listed as skipped. */
export async function measureRoutesInp(
  baseUrl: string,
  paths: readonly string[],
  runs: number,
): Promise<{ results: RouteInp[]; skipped: string[] }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags], headless: true });
  const results: RouteInp[] = [];
  const skipped: string[] = [];
  try {
    for (const path of paths) {
      const measured = [];
      for (let run = 0; run < runs; run += 1) {
        // A fresh context each run: nothing cached, as for a first visit on a phone.
        const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 360, height: 740 } });
        try {
          const result = await measureFirstPressInp(await context.newPage(), path);
          if (!result) break;
          measured.push(result);
        } finally {
          await context.close();
        }
      }
      if (!measured.length) {
        skipped.push(path);
        continue;
      }
      const result: RouteInp = {
        path,
        inpMs: median(measured.map((m) => m.inpMs)),
        firstPressToEffectMs: median(measured.map((m) => m.firstPressToEffectMs)),
        beforeHydration: measured.filter((m) => m.pressedBeforeHydration).length,
        runs: measured.length,
      };
      results.push(result);
      console.log(formatRouteInp(result));
    }
  } finally {
    await browser.close();
  }
  return { results, skipped };
}

/** The Markdown table of `npm run perf -- --write`, with the medians over the routes. */
export function inpTableRows(results: readonly RouteInp[]): string[] {
  const row = (label: string, r: Omit<RouteInp, 'path'>) =>
    `| ${label} | ${ms(r.inpMs)} | ${ms(r.firstPressToEffectMs)} | ${r.beforeHydration}/${r.runs} |`;
  return [
    '| route | INP (median) | first press to its effect (median) | pressed before hydration |',
    '|---|---|---|---|',
    ...results.map((r) => row(`\`${r.path}\``, r)),
    row('**median**', {
      inpMs: median(results.map((r) => r.inpMs)),
      firstPressToEffectMs: median(results.map((r) => r.firstPressToEffectMs)),
      beforeHydration: results.reduce((sum, r) => sum + r.beforeHydration, 0),
      runs: results.reduce((sum, r) => sum + r.runs, 0),
    }),
  ];
}
