/**
 * WCAG 2.1 A/AA (axe-core rules tagged wcag2a, wcag2aa, wcag21a, wcag21aa) on every public route,
 * zero violations: every rule in the light theme, and in the dark theme the rules a theme can
 * change (colour contrast, links told apart by colour), since the others judge the same page
 * twice. A failure lists each rule with its elements. The last test proves the dark scan catches a
 * contrast problem only the dark theme has, and that its rule list is axe's colour category.
 */
import type { Page } from '@playwright/test';
import { WALKED_PATHS } from '../support/public-routes.ts';
import { expect, test, type Theme } from './fixtures.ts';
import {
  type AxeResults,
  describeViolations,
  scanAllRules,
  scanThemeDependentRules,
  THEME_DEPENDENT_RULES,
} from './support/axe-scan.ts';
import { settle } from './support/settle.ts';

const scans: Record<Theme, { rules: string; run: (page: Page) => Promise<AxeResults> }> = {
  light: { rules: 'every rule', run: scanAllRules },
  dark: { rules: 'colour rules', run: scanThemeDependentRules },
};

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    for (const path of WALKED_PATHS) {
      test(`${path} has no WCAG 2.1 A/AA violations (${theme}, ${scans[theme].rules})`, async ({ page, setTheme }) => {
        await setTheme(page, theme);
        await page.goto(path);
        await settle(page);
        await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
        const { violations } = await scans[theme].run(page);
        expect(violations.length, `${path} (${theme}):\n${describeViolations(violations)}`).toBe(0);
      });
    }
  });
}

test('the dark scan catches a contrast problem only the dark theme has; its rules are axe’s colour rules', async ({
  page,
  setTheme,
}) => {
  const probe = '#e2e-dark-only';
  const contrastFailures = (results: AxeResults) =>
    results.violations
      .filter((violation) => violation.id === 'color-contrast')
      .flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')));

  await setTheme(page, 'dark');
  await page.goto('/contact');
  await settle(page);
  // Text whose colour is fine on the light background and nearly invisible on the dark one.
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = ':root.dark #e2e-dark-only { color: #3a3a3a; }';
    document.head.append(style);
    const text = Object.assign(document.createElement('p'), {
      id: 'e2e-dark-only',
      textContent: 'Readable in the light theme only',
    });
    document.getElementById('main')!.append(text);
  });
  const dark = await scanThemeDependentRules(page);
  expect(contrastFailures(dark), describeViolations(dark.violations)).toContain(probe);

  // The same page in the light theme passes every rule: only the dark scan can catch the problem.
  await page.evaluate(() => document.documentElement.classList.replace('dark', 'light'));
  await settle(page);
  const light = await scanAllRules(page);
  expect(light.violations, describeViolations(light.violations)).toEqual([]);

  // Every rule the light scan ran is listed with its tags (a rule with passing and undecided
  // elements is listed twice): the colour category is what the dark scan runs.
  const ran = [...light.passes, ...light.violations, ...light.incomplete, ...light.inapplicable];
  expect(new Set(ran.map((rule) => rule.id)).size).toBeGreaterThan(40);
  const colourRules = new Set(ran.filter((rule) => rule.tags.includes('cat.color')).map((rule) => rule.id));
  expect([...colourRules].sort()).toEqual([...THEME_DEPENDENT_RULES].sort());
});

test('a scan judges the page at rest: a fade caught midway is not a finding, a faint text at rest still is', async ({
  page,
}) => {
  await page.goto('/contact');
  await settle(page);
  const contrastFailures = (results: AxeResults) =>
    results.violations.flatMap((violation) =>
      violation.id === 'color-contrast' ? violation.nodes.map((node) => node.target.join(' ')) : [],
    );
  // A notice fading in over 10 s (a toast's is 0.4 s), and one that starts fading out once the
  // scan has begun (when axe's script sets window.axe): faint for its whole run but its first and
  // last frames, as a toast's exit that starts during a scan.
  await page.evaluate(() => {
    for (const id of ['e2e-fading-in', 'e2e-fading-out', 'e2e-faint']) {
      const text = Object.assign(document.createElement('p'), { id, textContent: `Notice ${id}` });
      document.getElementById('main')!.append(text);
    }
    document.getElementById('e2e-faint')!.style.color = '#c8c8c8';
    document
      .getElementById('e2e-fading-in')!
      .animate([{ opacity: 0.3 }, { opacity: 1 }], { duration: 10_000, fill: 'forwards' });
    Object.defineProperty(window, 'axe', {
      configurable: true,
      set(axe: unknown) {
        Object.defineProperty(window, 'axe', { value: axe, writable: true, configurable: true });
        document.getElementById('e2e-fading-out')!.animate(
          [
            { opacity: 1, offset: 0 },
            { opacity: 0.3, offset: 0.001 },
            { opacity: 0.3, offset: 0.999 },
            { opacity: 0, offset: 1 },
          ],
          { duration: 10_000, fill: 'forwards' },
        );
      },
    });
  });
  const results = await scanAllRules(page);
  expect(contrastFailures(results)).toEqual(['#e2e-faint']);
});
