/**
 * The accessibility scans the specs share: axe-core's WCAG 2.1 A/AA rules, split into the few a
 * colour theme can change and the rest, so each page runs the whole set in one theme and only the
 * theme-dependent rules in the other.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The rules of axe's colour category (`cat.color`) under WCAG_TAGS: contrast and links told apart
 * by colour alone. The dark theme changes colours and swaps two aria-hidden icons, which no other
 * rule judges. a11y.spec.ts checks this list against axe's own categories.
 */
export const THEME_DEPENDENT_RULES = ['color-contrast', 'link-in-text-block'];

export type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/**
 * Legacy mode runs axe.run in the page itself. The default runs each frame's part and then
 * combines them in a blank page opened for every scan, which matters only for cross-origin
 * frames; the site has none, and same-origin frames are still scanned.
 */
function scan(page: Page, include?: string): AxeBuilder {
  const builder = new AxeBuilder({ page }).setLegacyMode();
  return include ? builder.include(include) : builder;
}

/**
 * Scans the page at rest. A toast fading in or out is half transparent for 0.4 s, and axe then
 * measures the contrast of a frame no one reads (a CI run failed on one at 2.16:1). So running
 * animations are brought to their end, and the document timeline is stopped during the scan:
 * one that starts meanwhile (a toast's exit after its 2 s) stays on its first frame.
 */
async function atRest(page: Page, builder: AxeBuilder): Promise<AxeResults> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations())
      if (Number.isFinite(animation.effect?.getComputedTiming().endTime)) animation.finish();
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  try {
    return await builder.analyze();
  } finally {
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    await cdp.detach();
  }
}

/** Every WCAG 2.1 A/AA rule: once per page, in one theme. */
export function scanAllRules(page: Page, include?: string): Promise<AxeResults> {
  return atRest(page, scan(page, include).withTags(WCAG_TAGS));
}

/** Only the rules a theme can change: for a page already scanned with every rule in the other theme. */
export function scanThemeDependentRules(page: Page, include?: string): Promise<AxeResults> {
  return atRest(page, scan(page, include).withRules(THEME_DEPENDENT_RULES));
}

/** One readable block per rule: id, impact, what to do, and each offending element with axe's summary. */
export function describeViolations(violations: Violation[]): string {
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
