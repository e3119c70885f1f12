/**
 * The site shell (specification: Header, Footer; §9 constants): active menu item by path and by
 * the section crossing the middle of the viewport, hash scrolling below the header (at once on the
 * same page, after 100 ms after a path change), scroll to top on /, the 50 px header state,
 * keyboard submenus, the mobile menu dialog, the cart badge from storage, back to top and the
 * 0.3 s page transition.
 *
 * The seed navigation has no links to sections, so tests that need them rewrite the router's
 * data requests (`*.data`, turbo-stream) on the way to the browser: after one client-side
 * navigation, the layout's menu holds the link exactly as if the CMS did. (Rewriting the HTML
 * document instead would make Chromium treat the page as public and block the content lake's
 * images on 127.0.0.1.)
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { openHydrated as open, openLoaded, reactHandles } from './support/hydrated.ts';

const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 740 };

/** Replaces these CMS hrefs in the router's data replies (e.g. a menu link turned into `/#events`). */
async function rewriteMenuHrefs(page: Page, replacements: Record<string, string>) {
  await page.route(
    (url) => url.pathname.endsWith('.data'),
    async (route) => {
      const response = await route.fetch();
      let body = await response.text();
      for (const [from, to] of Object.entries(replacements)) body = body.replaceAll(`"${from}"`, `"${to}"`);
      const headers = { ...response.headers() };
      delete headers['content-length'];
      delete headers['content-encoding'];
      await route.fulfill({ response, body, headers });
    },
  );
}

/**
 * Opens `via` (any other page), then follows `link` to reach the page under test with the
 * router's data (and so the rewritten menu) fetched on the client.
 */
async function arriveWithRewrittenMenu(page: Page, via: string, link: Locator, expectedPath: RegExp) {
  await open(page, via);
  // A footer link is followed by the app (not reloaded) once the footer has hydrated.
  await reactHandles(link);
  await link.click();
  await expect(page).toHaveURL(expectedPath);
  await page.waitForLoadState('networkidle');
}

function mainNav(page: Page): Locator {
  return page.locator('header.site-header nav[aria-label="Main"]').first();
}

const header = (page: Page) => page.locator('header.site-header');

/** Waits (polling, smooth scrolls take a while on a busy machine) until the section starts just below the header. */
async function expectBelowHeader(page: Page, id: string) {
  await expect
    .poll(
      async () => {
        const { top, header: headerHeight } = await sectionOffset(page, id);
        return Math.abs(top - headerHeight) <= 2 && headerHeight > 40;
      },
      { message: `#${id} starts just below the header`, timeout: 10_000 },
    )
    .toBe(true);
}

/** Scrolls so that the element's middle sits on the viewport's middle line. */
async function centre(page: Page, selector: string) {
  await page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) throw new Error(`no ${sel}`);
    const rect = element.getBoundingClientRect();
    window.scrollTo({ top: window.scrollY + rect.top + rect.height / 2 - window.innerHeight / 2, behavior: 'instant' });
  }, selector);
}

/** The section's top relative to the viewport, and the header's height. */
async function sectionOffset(page: Page, id: string) {
  return page.evaluate((sectionId) => {
    const section = document.getElementById(sectionId);
    const headerBox = document.querySelector('[data-site-header]')?.getBoundingClientRect();
    if (!section || !headerBox) throw new Error('missing section or header');
    return { top: section.getBoundingClientRect().top, header: headerBox.height };
  }, id);
}

test.describe('desktop header', () => {
  test.use({ viewport: desktop });

  test('the active item follows the path, parents included', async ({ page }) => {
    await open(page, '/events');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Events', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current]')).toHaveCount(1);

    await open(page, '/about/csr');
    const about = nav.getByRole('button', { name: 'About Us' });
    await expect(about.locator('xpath=..')).toHaveAttribute('data-active', 'true');
    await expect(nav.getByRole('link', { name: 'CSR', includeHidden: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    await open(page, '/services/hr-advisory');
    await expect(nav.getByRole('button', { name: 'Our Services' }).locator('xpath=..')).toHaveAttribute(
      'data-active',
      'true',
    );
    await expect(about.locator('xpath=..')).not.toHaveAttribute('data-active');

    await open(page, '/');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  test('on a page with linked sections, the section crossing the middle of the viewport decides', async ({ page }) => {
    await rewriteMenuHrefs(page, { '/events': '/#events', '/contact': '/#testimonials' });
    const nav = mainNav(page);
    await arriveWithRewrittenMenu(page, '/about', nav.getByRole('link', { name: 'Home' }), /\/$/);
    const home = nav.getByRole('link', { name: 'Home' });
    const events = nav.getByRole('link', { name: 'Events' });
    const contact = nav.getByRole('link', { name: 'Contact' });
    await expect(events).toHaveAttribute('href', '/#events');
    await expect(home).toHaveAttribute('aria-current', 'page');

    await centre(page, '#events');
    await expect(events).toHaveAttribute('aria-current', 'location');
    await expect(home).not.toHaveAttribute('aria-current');

    await centre(page, '#testimonials');
    await expect(contact).toHaveAttribute('aria-current', 'location');
    await expect(events).not.toHaveAttribute('aria-current');

    // Just past the middle: the section whose top is a little below the middle line is not yet in view.
    await page.evaluate(() => {
      const top = document.getElementById('events')!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: top - window.innerHeight / 2 - 20, behavior: 'instant' });
    });
    await expect(events).not.toHaveAttribute('aria-current');

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(home).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current]')).toHaveCount(1);
  });

  test('a link to a section of the current page scrolls smoothly to just below the header', async ({ page }) => {
    await rewriteMenuHrefs(page, { '/events': '/#events' });
    await arriveWithRewrittenMenu(page, '/about', mainNav(page).getByRole('link', { name: 'Home' }), /\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/#events');
    await page.evaluate(() => {
      const positions: number[] = [];
      (window as unknown as { positions: number[] }).positions = positions;
      window.addEventListener('scroll', () => positions.push(window.scrollY));
    });
    await mainNav(page).getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/#events$/);
    await page.waitForFunction(() => (window as unknown as { positions: number[] }).positions.length > 0);
    await expectBelowHeader(page, 'events');
    // Smooth, not a jump: the window passed through intermediate positions on the way.
    const positions = await page.evaluate(() => (window as unknown as { positions: number[] }).positions);
    const final = positions.at(-1);
    expect(positions.some((y) => y > 0 && y !== final)).toBe(true);
  });

  test('a path change carrying a hash scrolls to the section 100 ms after the new page shows', async ({ page }) => {
    await rewriteMenuHrefs(page, { '/events': '/#events' });
    // Visit / first so its images come from the cache and do not move the section later.
    await openLoaded(page, '/');
    const aboutInFooter = page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: 'About Us' });
    await arriveWithRewrittenMenu(page, '/contact', aboutInFooter, /\/about$/);
    await expect(mainNav(page).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/#events');
    await page.evaluate(() => {
      const log = { pushedAt: 0, firstScrollAt: 0, scrolling: false };
      (window as unknown as { navLog: typeof log }).navLog = log;
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        log.pushedAt = performance.now();
        return push(...args);
      };
      window.addEventListener('scroll', () => {
        if (!log.firstScrollAt) log.firstScrollAt = performance.now();
        log.scrolling = true;
      });
      // Smooth and instant scrolls alike end with one `scrollend` (Chromium).
      window.addEventListener('scrollend', () => (log.scrolling = false));
    });
    await mainNav(page).getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/#events$/);
    await page.waitForFunction(() => (window as unknown as { navLog: { firstScrollAt: number } }).navLog.firstScrollAt);
    // The new page may still grow (client-loaded lists above the section); the section stays pinned.
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !(window as unknown as { navLog: { scrolling: boolean } }).navLog.scrolling);
    const log = await page.evaluate(
      () => (window as unknown as { navLog: { pushedAt: number; firstScrollAt: number } }).navLog,
    );
    expect(log.pushedAt).toBeGreaterThan(0);
    expect(log.firstScrollAt - log.pushedAt).toBeGreaterThanOrEqual(95);
    await expectBelowHeader(page, 'events');
  });

  test('a section stays below the header while a list above it is still loading, however long it takes', async ({
    page,
  }) => {
    // The page's timers run on Playwright's clock (time flows as usual until the test moves it on).
    await page.clock.install();
    await rewriteMenuHrefs(page, { '/events': '/#events' });
    await arriveWithRewrittenMenu(page, '/about', mainNav(page).getByRole('link', { name: 'Home' }), /\/$/);
    // A list above the section in its loading state, as a live block shows it on a slow connection.
    // Scroll anchoring off, as in Safari, which does not have it: the page alone keeps the section.
    await page.evaluate(() => {
      document.documentElement.style.overflowAnchor = 'none';
      document.body.style.overflowAnchor = 'none';
      const loading = document.createElement('div');
      loading.id = 'slow-list';
      loading.setAttribute('aria-busy', 'true');
      loading.style.height = '40px';
      document.getElementById('main')!.prepend(loading);
    });
    await mainNav(page).getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/#events$/);
    await expectBelowHeader(page, 'events');
    // Long past the quiet time a settled page gets (1.5 s), the list arrives and pushes the section
    // down: 7 s of the page's timers run at once, each firing as it would have.
    await page.clock.runFor(7_000);
    await page.evaluate(() => {
      const list = document.getElementById('slow-list')!;
      list.style.height = '900px';
      list.removeAttribute('aria-busy');
    });
    await expectBelowHeader(page, 'events');
  });

  test('opening a URL with a hash lands on the section below the header', async ({ page }) => {
    await open(page, '/#testimonials');
    await expectBelowHeader(page, 'testimonials');
  });

  test('going to / without a hash scrolls to the top', async ({ page }) => {
    await open(page, '/');
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
    await page.getByRole('link', { name: 'Ascent', exact: true }).first().click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await open(page, '/about');
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    await mainNav(page).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the header changes its look after 50 px of scroll (49 no, 51 yes)', async ({ page }) => {
    await open(page, '/about');
    await expect(header(page)).toHaveAttribute('data-scrolled', 'false');
    const shadowAtTop = await header(page).evaluate((el) => getComputedStyle(el).boxShadow);
    for (const [y, expected] of [
      [49, 'false'],
      [51, 'true'],
      [50, 'false'],
      [400, 'true'],
      [0, 'false'],
    ] as const) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await expect(header(page), `at ${y} px`).toHaveAttribute('data-scrolled', expected);
    }
    await page.evaluate(() => window.scrollTo({ top: 51, behavior: 'instant' }));
    await expect(header(page)).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(() => header(page).evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe(shadowAtTop);
  });

  test('submenus open and close by keyboard', async ({ page }) => {
    await open(page, '/');
    const nav = mainNav(page);
    const about = nav.getByRole('button', { name: 'About Us' });
    const submenu = page.locator(`[id="${await about.getAttribute('aria-controls')}"]`);
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    await expect(submenu).toBeHidden();

    // Enter opens, Escape closes and keeps focus on the button.
    await about.focus();
    await page.keyboard.press('Enter');
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await expect(submenu).toBeVisible();
    await expect(submenu.getByRole('link')).toHaveCount(9);
    await page.keyboard.press('Escape');
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    await expect(about).toBeFocused();

    // Space toggles.
    await page.keyboard.press(' ');
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press(' ');
    await expect(about).toHaveAttribute('aria-expanded', 'false');

    // ArrowDown opens and focuses the first link; arrows move; Escape returns to the button.
    await page.keyboard.press('ArrowDown');
    await expect(submenu.getByRole('link', { name: 'About', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(submenu.getByRole('link', { name: 'Mission & Vision' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(submenu).toBeHidden();
    await expect(about).toBeFocused();

    // Tab moves through the open submenu and on; leaving it closes it.
    await page.keyboard.press('Enter');
    for (let i = 0; i < 9; i += 1) await page.keyboard.press('Tab');
    await expect(submenu.getByRole('link', { name: 'Ascent Shield Insurance' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('button', { name: 'Our Services' })).toBeFocused();
    await expect(about).toHaveAttribute('aria-expanded', 'false');

    // Opening one closes the other; Enter on a link navigates and closes the menu.
    const services = nav.getByRole('button', { name: 'Our Services' });
    await page.keyboard.press('ArrowDown');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await about.click();
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await submenu.getByRole('link', { name: 'Accreditation' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about\/accreditation$/);
    await expect(about).toHaveAttribute('aria-expanded', 'false');
  });

  test('a pointer press outside closes an open submenu', async ({ page }) => {
    await open(page, '/');
    const about = mainNav(page).getByRole('button', { name: 'About Us' });
    await about.click();
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await page.locator('main').click({ position: { x: 5, y: 400 } });
    await expect(about).toHaveAttribute('aria-expanded', 'false');
  });

  test('an open submenu has no WCAG 2.1 A/AA violations in either theme', async ({ page, setTheme }) => {
    // Every rule in the light theme, the colour rules in the dark one (as a11y.spec.ts does).
    for (const [theme, scan] of [
      ['light', scanAllRules],
      ['dark', scanThemeDependentRules],
    ] as const) {
      await setTheme(page, theme);
      await openLoaded(page, '/about');
      await mainNav(page).getByRole('button', { name: 'Our Services' }).click();
      const { violations } = await scan(page, 'header.site-header');
      expect(violations, `${theme}:\n${describeViolations(violations)}`).toEqual([]);
    }
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: phone });

  test('is a dialog: focus trapped, Escape closes, focus returns, page scroll locked', async ({ page }) => {
    await open(page, '/about');
    await expect(mainNav(page)).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');

    // Focus starts inside and stays inside, forwards and backwards.
    const focusInDialog = () => dialog.evaluate((el) => el.contains(document.activeElement));
    expect(await focusInDialog()).toBe(true);
    const stops = await dialog.locator('a[href], button').count();
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(), `after ${i + 1} Tab`).toBe(true);
    }
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(), `after ${i + 1} Shift+Tab`).toBe(true);
    }

    // Submenus are disclosures here too.
    const services = dialog.getByRole('button', { name: 'Our Services' });
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('link', { name: 'HR Advisory' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
  });

  test('the close button and following a link close it', async ({ page }) => {
    await open(page, '/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await menuButton.click();
    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await dialog.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(dialog).toBeHidden();
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
  });

  test('the open menu has no WCAG 2.1 A/AA violations and 44 px targets', async ({ page }) => {
    await openLoaded(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.getByRole('button', { name: 'About Us' }).click();
    const { violations } = await scanAllRules(page, 'dialog');
    expect(violations, describeViolations(violations)).toEqual([]);
    for (const target of await dialog.locator('a[href]:visible, button:visible').all()) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0, await target.innerText()).toBeGreaterThanOrEqual(44);
    }
    for (const target of await page.locator('header.site-header .icon-button:visible').all()) {
      const box = await target.boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
    }
  });
});

test.describe('cart badge', () => {
  const item = (id: string, quantity: number) => ({
    program: { id, title: `Program ${id}`, price: 'KES 1000' },
    quantity,
  });

  test('shows the number of items stored under ascent_cart, and follows changes from another tab', async ({
    page,
    context,
  }) => {
    await page.addInitScript(
      (cart) => {
        if (sessionStorage.getItem('e2e-cart-seeded')) return;
        localStorage.setItem('ascent_cart', cart);
        sessionStorage.setItem('e2e-cart-seeded', '1');
      },
      JSON.stringify([item('a', 2), item('b', 1)]),
    );
    await open(page, '/');
    const cart = page.getByRole('link', { name: /^Cart, / });
    await expect(cart).toHaveAccessibleName('Cart, 3 items');
    await expect(cart.locator('.cart-badge')).toHaveText('3');
    await expect(cart).toHaveAttribute('href', '/cart');

    // Another tab writes the cart: this one's badge follows (the storage event).
    const other = await context.newPage();
    await other.goto('/about');
    await other.evaluate((cartJson) => localStorage.setItem('ascent_cart', cartJson), JSON.stringify([item('a', 1)]));
    await expect(cart).toHaveAccessibleName('Cart, 1 item');
  });

  for (const stored of ['{not json', '"text"', '{"items":"x"}', '[null, 5]']) {
    test(`corrupt storage ${stored} counts as 0 without breaking the page`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.addInitScript((value) => localStorage.setItem('ascent_cart', value), stored);
      await open(page, '/');
      // Still interactive: the theme control works. React reads the stored cart once hydration
      // has committed, before it handles the click, so what follows sees the cart as read.
      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await expect(page.locator('html')).toHaveClass(/dark/);
      const cart = page.getByRole('link', { name: /^Cart, / });
      await expect(cart).toHaveAccessibleName('Cart, 0 items');
      await expect(cart.locator('.cart-badge')).toHaveCount(0);
      // Nothing from reading the cart (errors of other page parts are other tests' business).
      expect(errors.filter((message) => /JSON|SyntaxError|ascent_cart|cart/i.test(message))).toEqual([]);
    });
  }
});

test.describe('footer', () => {
  test('back to top scrolls to the top and moves focus to the header', async ({ page }) => {
    await open(page, '/about');
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await page.getByRole('button', { name: 'Back to top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(header(page)).toBeFocused();
  });

  test('shows the CMS link groups, contact details, opening hours and social links', async ({ page, sanity }) => {
    const settings = await sanity.fetch<{
      phone: string;
      email: string;
      street: string;
      groups: { title: string; links: { label: string }[] }[];
    }>(`*[_id == "siteSettings"][0]{
      phone, email, "street": address.street,
      "groups": footerLinkGroups[]{ title, "links": links[]{ "label": coalesce(label, internal->title) } }
    }`);
    await open(page, '/');
    const footer = page.locator('footer.site-footer');
    for (const group of settings.groups) {
      const nav = footer.getByRole('navigation', { name: group.title });
      await expect(nav.getByRole('heading', { name: group.title })).toBeVisible();
      await expect(nav.getByRole('link')).toHaveText(group.links.map((link) => link.label));
    }
    await expect(footer).toContainText(settings.street);
    expect(settings.street).toContain('Kiambu Road');
    await expect(footer.getByRole('link', { name: settings.phone })).toHaveAttribute('href', /^tel:\+254/);
    await expect(footer.getByRole('link', { name: settings.email })).toHaveAttribute(
      'href',
      `mailto:${settings.email}`,
    );
    await expect(footer.locator('.opening-hours')).toContainText('Mon-Fri8am-5pm');
    await expect(footer.locator('.opening-hours')).toContainText('Closed');
    for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'Twitter', 'YouTube']) {
      const link = footer.getByRole('link', { name: new RegExp(`on ${name}$`) });
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      // The icon is a CSS mask of the platform's own shape (a PNG: mask-icons.css).
      const icon = link.locator(`.icon--${name.toLowerCase()}`);
      await expect(icon).toBeVisible();
      expect(await icon.evaluate((element) => getComputedStyle(element).maskImage)).toMatch(
        /^url\("data:image\/png;base64,/,
      );
    }
  });
});

test.describe('page transition', () => {
  test('a page change fades the new page in over 0.3 s', async ({ page }) => {
    const motionChunks: string[] = [];
    page.on('response', (response) => {
      if (/\/motion-(page|features)-/.test(response.url())) motionChunks.push(response.url());
    });
    await openLoaded(page, '/');
    // framer-motion is not part of the page load (JavaScript budget): it comes with the first interaction.
    expect(motionChunks).toEqual([]);
    const loaded = page.waitForResponse((response) => /\/motion-features-/.test(response.url()));
    await mainNav(page).getByRole('link', { name: 'Contact' }).hover();
    await loaded;
    // Catch the new page's wrapper animation as soon as it exists (wall-clock timing is too noisy).
    const animation = page.evaluate(
      () =>
        new Promise<{ duration: unknown; from: unknown; to: unknown } | null>((resolve) => {
          const start = performance.now();
          const tick = () => {
            const wrapper = document.querySelector('main > .page-transition');
            const running = location.pathname === '/contact' ? wrapper?.getAnimations()[0] : undefined;
            if (running) {
              const keyframes = running.effect instanceof KeyframeEffect ? running.effect.getKeyframes() : [];
              resolve({
                duration: running.effect?.getComputedTiming().duration,
                from: keyframes[0]?.opacity,
                to: keyframes.at(-1)?.opacity,
              });
            } else if (performance.now() - start > 10_000) resolve(null);
            else requestAnimationFrame(tick);
          };
          tick();
        }),
    );
    await mainNav(page).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await animation).toEqual({ duration: 300, from: '0', to: '1' });
    await expect(page.locator('main > .page-transition')).toHaveCSS('opacity', '1');
  });

  test('no animation for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, '/');
    await page.locator('main > .page-transition').evaluate((wrapper) => wrapper.setAttribute('data-old-page', ''));
    const firstLook = page.evaluate(
      () =>
        new Promise<{ opacity: string; animations: number } | null>((resolve) => {
          const start = performance.now();
          const tick = () => {
            const wrapper = document.querySelector('main > .page-transition:not([data-old-page])');
            if (wrapper)
              resolve({ opacity: getComputedStyle(wrapper).opacity, animations: wrapper.getAnimations().length });
            else if (performance.now() - start > 10_000) resolve(null);
            else requestAnimationFrame(tick);
          };
          tick();
        }),
    );
    await mainNav(page).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await firstLook).toEqual({ opacity: '1', animations: 0 });
  });
});
