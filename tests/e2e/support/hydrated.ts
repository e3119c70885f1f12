/**
 * Waiting for the app to take over a server-rendered page before a test clicks or types in it:
 * the specific event, instead of waiting for the whole network to be quiet.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Resolves once React is hydrating the page (the header's theme button carries React's props).
 * From then on its event listeners are attached, and a click or key press that comes before
 * hydration has finished is replayed after it, so it reaches the app. Hydration itself starts
 * only once the page has painted its LCP image (or after `load`; at once on a key or pointer
 * press: see web/app/lib/document-head/deferred-hydration.server.ts).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector('button[aria-label="Toggle theme"]');
    return button !== null && Object.keys(button).some((key) => key.startsWith('__reactProps'));
  });
}

/** Opens `path` and waits until the app has taken it over (see `hydrated`). */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/** Opens `path` and waits until the network is quiet: for checks of everything the page loads. */
export async function openLoaded(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/**
 * Resolves once React handles `control` (its props are on the element): for a control in a part
 * that hydrates later, such as the footer, whose code loads when it is scrolled near
 * (web/app/components/ui/hydrate-when-near.tsx). Scrolls it into view first.
 */
export async function reactHandles(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect
    .poll(() => control.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))))
    .toBe(true);
}
