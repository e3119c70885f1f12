/**
 * The a11y walk, extended to the admin catalogue screens: WCAG 2.1 A/AA with axe, zero violations,
 * on each list, each form (a program's page with its intakes) and the delete confirmation, in the
 * light theme (every rule) and the dark one (the rules a theme can change), as in a11y.spec.ts.
 */
import type { Page } from '@playwright/test';
import { expect, test, type Theme } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { settle } from './support/settle.ts';
import { createStaffUser, signInAsStaff, type Account } from './support/staff.ts';

let staff: Account;
let programId: string;
let serviceId: string;

test.beforeAll(async ({ serviceRole }) => {
  staff = await createStaffUser();
  // A seeded program with intakes and a seeded service: their edit pages show every section.
  const program = await serviceRole.from('program_intakes').select('program_id').limit(1).single();
  if (program.error) throw new Error(program.error.message);
  programId = program.data.program_id;
  const service = await serviceRole.from('services').select('id').eq('slug', 'hr-advisory').single();
  if (service.error) throw new Error(service.error.message);
  serviceId = service.data.id;
});

const scans = { light: scanAllRules, dark: scanThemeDependentRules } as const;

/** Each screen, with what shows once its data is in. */
const screens: [string, () => string, (page: Page) => Promise<void>][] = [
  [
    'stats',
    () => '/admin/stats',
    (page) => expect(page.getByRole('button', { name: /^Move “/ }).first()).toBeVisible(),
  ],
  ['events', () => '/admin/events', (page) => expect(page.getByText(/^Rows \d/)).toBeVisible()],
  ['new event', () => '/admin/events/new', (page) => expect(page.getByLabel('Title')).toBeVisible()],
  ['training programs', () => '/admin/training-programs', (page) => expect(page.getByText(/^Rows \d/)).toBeVisible()],
  [
    'a program with its intakes',
    () => `/admin/training-programs/${programId}`,
    (page) => expect(page.getByRole('heading', { name: /^Intakes of / })).toBeVisible(),
  ],
  ['services', () => '/admin/services', (page) => expect(page.getByText(/^Rows \d/)).toBeVisible()],
  [
    'a service',
    () => `/admin/services/${serviceId}`,
    (page) => expect(page.getByLabel('Slug')).toHaveValue('hr-advisory'),
  ],
];

async function expectNoViolations(page: Page, theme: Theme, what: string) {
  await settle(page);
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
  const { violations } = await scans[theme](page);
  expect(violations.length, `${what} (${theme}):\n${describeViolations(violations)}`).toBe(0);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    for (const [name, path, ready] of screens) {
      test(`admin ${name} has no WCAG 2.1 A/AA violations (${theme})`, async ({ page, setTheme }) => {
        await setTheme(page, theme);
        await signInAsStaff(page, staff);
        await page.goto(path());
        await ready(page);
        await expectNoViolations(page, theme, path());
      });
    }

    test(`the delete confirmation has no WCAG 2.1 A/AA violations (${theme})`, async ({ page, setTheme }) => {
      await setTheme(page, theme);
      await signInAsStaff(page, staff);
      await page.goto('/admin/services?q=hr-advisory');
      await page
        .getByRole('button', { name: /^Delete service “/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, theme, 'delete confirmation');
      await page.keyboard.press('Escape');
    });
  });
}
