/** Waits until a page has finished loading as a visitor sees it, before checks that read its final state. */
import type { Page } from '@playwright/test';

/** Hydrated, network quiet, and every finite animation (page transition, reveals, colour transitions) finished. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
