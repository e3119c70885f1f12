/**
 * Interaction to Next Paint for a visitor's first presses on the slow phone (CPU slowed 4×, 3G:
 * tests/e2e/support/slow-phone.ts). The page opens, the header's theme button is pressed the
 * moment it is visible (before hydration: the press is held and made again once React has the
 * page, web/app/lib/early-presses.ts), then once more after hydration. The Event Timing API gives
 * each interaction's duration (input delay, handlers and the wait for the next paint); INP over so
 * few interactions is the longest of them. Beside it, the time from the first press to its effect
 * (the theme changed), which INP does not see: a held press paints nothing until hydration.
 */
import type { Page } from '@playwright/test';
import { emulateSlowPhone } from '../e2e/support/slow-phone.ts';

/** Event Timing reports no interaction shorter than this (the API's smallest threshold). */
export const EVENT_TIMING_THRESHOLD_MS = 16;

export interface EventTiming {
  interactionId: number;
  duration: number;
}

/** Each interaction's latency: its longest event (a tap is pointerdown, pointerup and click). */
export function interactionLatencies(entries: readonly EventTiming[]): number[] {
  const longest = new Map<number, number>();
  for (const { interactionId, duration } of entries) {
    if (interactionId > 0) longest.set(interactionId, Math.max(longest.get(interactionId) ?? 0, duration));
  }
  return [...longest.values()];
}

/** INP of a page with fewer than 50 interactions: the longest; below the threshold when none was reported. */
export function inpOf(entries: readonly EventTiming[]): number {
  return Math.max(0, ...interactionLatencies(entries));
}

export interface FirstPressInp {
  path: string;
  /** The longest interaction, in ms (0: every interaction under EVENT_TIMING_THRESHOLD_MS). */
  inpMs: number;
  /** From the press before hydration to the theme changing, in ms. */
  firstPressToEffectMs: number;
  /** Whether the first press came before React had the button (the case this measures). */
  pressedBeforeHydration: boolean;
}

declare global {
  interface Window {
    __inpProbe?: { entries: EventTiming[]; pressedAt: number[]; themeChangedAt: number[] };
  }
}

/** Runs in the page before its own scripts: collects event timings, presses and theme changes. */
function installProbe(threshold: number): void {
  const probe = { entries: [] as EventTiming[], pressedAt: [] as number[], themeChangedAt: [] as number[] };
  window.__inpProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[])
      probe.entries.push({ interactionId: entry.interactionId, duration: entry.duration });
  }).observe({ type: 'event', buffered: true, durationThreshold: threshold } as PerformanceObserverInit);
  addEventListener('pointerdown', () => probe.pressedAt.push(performance.now()), { capture: true });
  const watchTheme = () =>
    new MutationObserver(() => probe.themeChangedAt.push(performance.now())).observe(document.documentElement, {
      attributeFilter: ['class'],
    });
  if (document.documentElement) watchTheme();
  else addEventListener('DOMContentLoaded', watchTheme, { once: true });
}

const themeButton = (page: Page) => page.getByRole('button', { name: 'Toggle theme', exact: true });
const reactOwns = (page: Page) =>
  themeButton(page).evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')));
/** Resolves after the page's next two frames: event timings of what was painted have been delivered by then. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
  );

/**
 * Opens `path` in `page` (a fresh context) on the slow phone and measures the theme button's
 * first presses. Null when the page has no theme button (screens outside the site layout).
 */
export async function measureFirstPressInp(
  page: Page,
  path: string,
  timeoutMs = 60_000,
): Promise<FirstPressInp | null> {
  await page.addInitScript(installProbe, EVENT_TIMING_THRESHOLD_MS);
  await emulateSlowPhone(page);
  await page.goto(path, { waitUntil: 'commit', timeout: timeoutMs });
  const button = themeButton(page);
  try {
    await button.waitFor({ timeout: timeoutMs });
  } catch {
    return null;
  }
  const html = page.locator('html');
  const darkAtFirst = await html.evaluate((root) => root.classList.contains('dark'));
  const pressedBeforeHydration = !(await reactOwns(page));
  await button.click({ timeout: timeoutMs });
  await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') !== dark, darkAtFirst, {
    timeout: timeoutMs,
  });
  await page.waitForFunction(
    () => {
      const button = document.querySelector('button[aria-label="Toggle theme"]');
      return button !== null && Object.keys(button).some((key) => key.startsWith('__reactProps$'));
    },
    undefined,
    { timeout: timeoutMs },
  );
  await button.click({ timeout: timeoutMs });
  await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, darkAtFirst, {
    timeout: timeoutMs,
  });
  await nextFrames(page);
  const probe = await page.evaluate(() => window.__inpProbe!);
  const pressedAt = probe.pressedAt[0] ?? NaN;
  const changedAt = probe.themeChangedAt.find((time) => time >= pressedAt) ?? NaN;
  return { path, inpMs: inpOf(probe.entries), firstPressToEffectMs: changedAt - pressedAt, pressedBeforeHydration };
}
