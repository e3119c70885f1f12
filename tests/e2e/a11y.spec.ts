/**
 * WCAG 2.1 A/AA (axe-core rules tagged wcag2a, wcag2aa, wcag21a, wcag21aa) on every public route,
 * in the light and the dark theme: zero violations. A failure lists each rule with its elements.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PUBLIC_PATHS } from '../support/public-routes.ts';
import { expect, test } from './fixtures.ts';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One readable block per rule: id, impact, what to do, and each offending element with axe's summary. */
function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
        return `    - ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${summary}`;
      });
      return `[${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n\n');
}

/** Hydrated, network quiet, and every finite animation (page transition, reveals) finished. */
async function settle(page: Page) {
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

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    for (const path of PUBLIC_PATHS) {
      test(`${path} has no WCAG 2.1 A/AA violations (${theme})`, async ({ page, setTheme }) => {
        await setTheme(page, theme);
        await page.goto(path);
        await settle(page);
        await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
        const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
        expect(violations.length, `${path} (${theme}):\n${describeViolations(violations)}`).toBe(0);
      });
    }
  });
}
