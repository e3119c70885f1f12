/**
 * Staff sign-in and the admin frame in the browser: the redirects, the sign-in form's messages,
 * a session ending on /admin, a non-staff account refused, keyboard-only sign-in, unknown admin
 * paths, and axe on /login and the admin layout in both themes.
 */
import type { Response } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { expect, test, type Theme } from './fixtures.ts';
import { scanAllRules, scanThemeDependentRules, describeViolations } from './support/axe-scan.ts';
import { hydrated } from './support/hydrated.ts';
import { settle } from './support/settle.ts';
import { createStaffUser, createUser, passSecondStep, signInAsStaff, submitLogin } from './support/staff.ts';
import { totpCode } from '../../local/auth/totp.ts';

// The session frame renders in the browser only; the server still sends each sign-in screen's
// card and heading (the largest paint), so the first paint is the screen, not a bare placeholder.
for (const [path, heading] of [
  ['/login', 'Staff sign-in'],
  ['/login/forgot', 'Forgot password'],
  ['/login/reset', 'Set a new password'],
] as const) {
  test(`${path} shows its card and heading before any JavaScript runs`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.locator('.auth-card').getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText('Loading…');
    } finally {
      await context.close();
    }
  });
}

test('visitor pages load neither the session code nor supabase-js’s auth client; /login loads both', async ({
  page,
}) => {
  // The scripts' addresses come from the page, their text from a second request: the browser may
  // drop a response's body before the page's listener reads it (a CI run lost one that way).
  const scriptsOf = async (path: string) => {
    const urls = new Set<string>();
    const listener = (response: Response) => {
      if (response.request().resourceType() === 'script') urls.add(response.url());
    };
    page.on('response', listener);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    page.off('response', listener);
    return Promise.all([...urls].map(async (url) => (await page.request.get(url)).text()));
  };
  const marks = ['useSession must be used within a SessionContextProvider', 'GoTrueClient'];
  const visitor = (await scriptsOf('/')).concat(await scriptsOf('/training'));
  expect(visitor.length).toBeGreaterThan(0);
  for (const mark of marks)
    expect(
      visitor.filter((body) => body.includes(mark)),
      mark,
    ).toHaveLength(0);
  const login = await scriptsOf('/login');
  for (const mark of marks) expect(login.filter((body) => body.includes(mark)).length, mark).toBeGreaterThan(0);
});

test('/admin while signed out goes to /login', async ({ page }) => {
  await page.goto('/admin/events');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
});

test('signing in goes to /admin with the navigation and the staff e-mail; /login then goes back to /admin', async ({
  page,
}) => {
  const staff = await signInAsStaff(page);
  await expect(page.getByText(`Signed in as ${staff.email}`)).toBeVisible();
  for (const name of ['Dashboard', 'Stats', 'Events', 'Training programs', 'Services', 'Orders']) {
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true }),
    ).toBeVisible();
  }
  // A session found at startup on /login goes straight to /admin.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin$/);
});

test('an unknown admin path shows the not-found page inside the admin frame', async ({ page }) => {
  await signInAsStaff(page);
  await page.goto('/admin/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
});

test('the sign-in form: missing fields, wrong password, too many attempts, network failure, busy button', async ({
  page,
  stack,
}) => {
  const staff = await createStaffUser(stack);
  await page.goto('/login');
  await hydrated(page);
  const alert = page.locator('.auth-form [role="alert"]');

  await submitLogin(page, { email: staff.email, password: '' });
  await expect(alert).toHaveText('You must provide either an email or phone number and a password');
  await submitLogin(page, { email: '', password: 'x' });
  await expect(alert).toHaveText('You must provide either an email or phone number and a password');

  await submitLogin(page, { email: staff.email, password: 'wrong-password-1' });
  await expect(alert).toHaveText('The e-mail address or password is not correct.');

  // The sign-in service unreachable.
  await page.route('**/auth/v1/token**', (route) => route.abort('connectionrefused'));
  await submitLogin(page, staff);
  await expect(alert).toHaveText('Could not reach the sign-in service. Check your connection and try again.');

  // While the request is under way the button is disabled and says so.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.unroute('**/auth/v1/token**');
  await page.route('**/auth/v1/token**', async (route) => {
    await held;
    await route.continue();
  });
  await submitLogin(page, { email: staff.email, password: 'wrong-password-2' });
  await expect(page.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
  release();
  await expect(alert).toHaveText('The e-mail address or password is not correct.');
  await page.unroute('**/auth/v1/token**');

  // After its limit of failures (5 in the stack's settings) this address must wait: 429 (a back-off, not a lock).
  for (let attempt = 0; attempt < 5; attempt++) {
    await submitLogin(page, { email: staff.email, password: `wrong-password-x${attempt}` });
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  }
  await submitLogin(page, staff);
  await expect(alert).toHaveText('Too many sign-in attempts. Wait a few minutes, then try again.');
  await expect(page).toHaveURL(/\/login$/);
});

test('signing out on /admin goes to /login and stays signed out', async ({ page }) => {
  await signInAsStaff(page);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('a session revoked elsewhere and run out ends on /admin: the page goes to /login', async ({ page, stack }) => {
  await signInAsStaff(page);
  await page.goto('/admin/no-such-page');
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  // Another device signs the account out everywhere; this tab's access token then runs out.
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('sb-') && name.endsWith('-auth-token'))!;
    const session = JSON.parse(localStorage.getItem(key)!) as { access_token: string; refresh_token: string };
    localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 1 }));
    return session;
  });
  const elsewhere = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  expect((await elsewhere.auth.setSession(stored)).error).toBeNull();
  expect((await elsewhere.auth.signOut({ scope: 'global' })).error).toBeNull();
  // supabase-js checks the session when the tab becomes visible again (as well as every 30 s).
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(page).toHaveURL(/\/login$/);
});

test('the code step is on /login: a wrong or late code is refused in words with the way back; /admin sends a password-only session there', async ({
  page,
  stack,
}) => {
  const staff = await createStaffUser(stack);
  await page.goto('/login');
  await hydrated(page);
  await submitLogin(page, staff);
  // A first sign-in enrols: the step on /login, never inside /admin.
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const code = page.getByLabel('6-digit code');
  const alert = page.locator('.auth-form [role="alert"]');
  await code.fill(totpCode(secret, Date.now() + 10 * 60_000)); // ten minutes from now: not the code of now
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(alert).toHaveText('That code is not right. Enter the code your authenticator app shows now.');
  await expect(page).toHaveURL(/\/login$/);
  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();

  // Signed in again with the password only, the person opens /admin: sent to /login's code step,
  // which names the way back when the phone is lost.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, staff);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(page.getByText('Lost your phone or the app? Ask an admin to reset your second factor')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin$/);
});

test('a staff sign-in stays on /login until the code is accepted, then opens /admin once: no round trip between them', async ({
  page,
  stack,
}) => {
  const staff = await createStaffUser(stack);
  await page.goto('/login');
  await hydrated(page);
  // Every page the tab shows from here on, client-side moves included.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  for (const round of ['enrols', 'enters the code'] as const) {
    visited.length = 0;
    await submitLogin(page, staff);
    await passSecondStep(page, staff);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    expect(visited, `the sign-in that ${round}`).toEqual(['/admin']);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('E-mail')).toBeVisible();
  }
});

test('a signed-in account that is not staff sees why, and no admin page', async ({ page, stack }) => {
  const user = await createUser(stack);
  await page.goto('/login');
  await hydrated(page);
  await submitLogin(page, user);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'This account has no access to the admin area' })).toBeVisible();
  await expect(page.getByText(user.email).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('signing in by keyboard alone', async ({ page, stack }) => {
  const staff = await createStaffUser(stack);
  await page.goto('/login');
  await hydrated(page);
  const email = page.getByLabel('E-mail');
  // From the top of the page: Tab until the e-mail field has focus.
  for (let presses = 0; presses < 10 && !(await email.evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press('Tab');
  }
  await expect(email).toBeFocused();
  await page.keyboard.type(staff.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(staff.password);
  await page.keyboard.press('Enter');
  // The second step, on /login, takes focus: the code is typed and sent with Enter.
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.keyboard.type(totpCode(secret));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  // The skip link is the first stop and leads to the page.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
});

for (const theme of ['light', 'dark'] as const satisfies readonly Theme[]) {
  const scan = theme === 'light' ? scanAllRules : scanThemeDependentRules;
  test(`axe: /login, the recovery screens and the admin layout have no WCAG 2.1 A/AA violations (${theme})`, async ({
    page,
    setTheme,
  }) => {
    await setTheme(page, theme);
    await page.goto('/login');
    await hydrated(page);
    await settle(page);
    await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
    // With a message showing, too.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('.auth-form [role="alert"]')).not.toBeEmpty();
    let { violations } = await scan(page);
    expect(violations.length, `/login (${theme}):\n${describeViolations(violations)}`).toBe(0);

    // The recovery screens: the request form, and a reset page opened without a link.
    for (const [path, text] of [
      ['/login/forgot', 'Send the link'],
      ['/login/reset', 'Request a new link'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(text)).toBeVisible();
      await settle(page);
      ({ violations } = await scan(page));
      expect(violations.length, `${path} (${theme}):\n${describeViolations(violations)}`).toBe(0);
    }

    // The second step (a first sign-in enrols: QR code and key), with its message showing.
    const staff = await createStaffUser();
    await page.goto('/login');
    await hydrated(page);
    await submitLogin(page, staff);
    await expect(page.getByLabel('6-digit code')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('.auth-form [role="alert"]')).toHaveText(
      'Enter the 6-digit code from your authenticator app.',
    );
    await settle(page);
    ({ violations } = await scan(page));
    expect(violations.length, `second step (${theme}):\n${describeViolations(violations)}`).toBe(0);
    await passSecondStep(page, staff);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    // The pointer left on "Continue" would hover the dashboard's chart and open its tooltip.
    await page.mouse.move(0, 0);
    await settle(page);
    ({ violations } = await scan(page));
    expect(violations.length, `/admin (${theme}):\n${describeViolations(violations)}`).toBe(0);
  });
}

test('the audit log page lists a change with who made it; axe finds nothing there', async ({ page, serviceRole }) => {
  const { data, error } = await serviceRole
    .from('events')
    .insert({
      title: `Audit e2e ${Date.now()}`,
      description: 'Written by the service role for the audit page.',
      venue: 'Kiambu Road, Nairobi',
      starts_at: '2031-05-04T09:00:00Z',
      ends_at: '2031-05-04T12:00:00Z',
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  await signInAsStaff(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  const line = page.locator('.audit-entries li').filter({ hasText: data!.id });
  await expect(line).toContainText('the system (server or script) created events');
  const { violations } = await scanAllRules(page);
  expect(violations.length, describeViolations(violations)).toBe(0);
  expect((await serviceRole.from('events').delete().eq('id', data!.id)).error).toBeNull();
});
