/**
 * An intake's roster (issue 27): staff reach it from the program's intakes, mark attendance from
 * the keyboard alone (one select per cell, Tab between cells, a letter chooses, "All present" for
 * a day), rename a participant (audited), decide completion by hand only with a reason, download
 * the roster as CSV and a day's sign-in sheet as PDF; axe finds nothing in either theme.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { csvRows } from './support/csv.ts';
import { settle } from './support/settle.ts';
import { createStaffUser, signInAsStaff, type Account } from './support/staff.ts';
import { pdfText } from '../support/pdf-text.ts';

// Monday 1 to Wednesday 3 March 2027: three session days by default.
const days = ['1 Mar 2027', '2 Mar 2027', '3 Mar 2027'];

let staff: Account;
let programId = '';
let programTitle = '';
let intakeId = '';
let orderId = '';
const participants: Record<'amina' | 'baraka', string> = { amina: '', baraka: '' };

test.beforeAll(async ({ serviceRole }) => {
  staff = await createStaffUser();
  const suffix = randomBytes(4).toString('hex');
  programTitle = `Roster Skills ${suffix}`;
  const program = await serviceRole
    .from('training_programs')
    .insert({
      title: programTitle,
      slug: `roster-${suffix}`,
      category: 'Leadership',
      focus: 'Roster fixture',
      description: 'Roster fixture',
      duration: '3 days',
      price_amount: 100,
      currency: 'KES',
    })
    .select('id')
    .single();
  if (program.error) throw new Error(program.error.message);
  programId = program.data.id;
  const intake = await serviceRole
    .from('program_intakes')
    .insert({ program_id: programId, starts_on: '2027-03-01', ends_on: '2027-03-03', venue: 'Nairobi', capacity: 10 })
    .select('id')
    .single();
  if (intake.error) throw new Error(intake.error.message);
  intakeId = intake.data.id;
  const order = await serviceRole
    .from('orders')
    .insert({
      customer_name: 'Wanjiru Kamau',
      customer_email: `roster-${suffix}@example.com`,
      organisation: 'Kamau Holdings',
      currency: 'KES',
      reference: `ASC-1998-${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`,
      confirmation_token: randomBytes(32).toString('base64url'),
      idempotency_key: randomUUID(),
      request_hash: 'roster',
      payment_method: 'invoice',
      terms_accepted_at: new Date().toISOString(),
      client_key: 'roster',
    })
    .select('id')
    .single();
  if (order.error) throw new Error(order.error.message);
  orderId = order.data.id;
  const line = await serviceRole
    .from('order_items')
    .insert({
      order_id: orderId,
      position: 1,
      program_id: programId,
      intake_id: intakeId,
      title: programTitle,
      unit_price: 100,
      currency: 'KES',
      quantity: 2,
    })
    .select('id')
    .single();
  if (line.error) throw new Error(line.error.message);
  const seats = await serviceRole
    .from('order_participants')
    .insert([
      { order_item_id: line.data.id, position: 1, full_name: 'Amina Otieno', email: 'amina@example.com' },
      { order_item_id: line.data.id, position: 2, full_name: 'Baraka Mwangi' },
    ])
    .select('id, full_name');
  if (seats.error) throw new Error(seats.error.message);
  participants.amina = seats.data.find((seat) => seat.full_name === 'Amina Otieno')!.id;
  participants.baraka = seats.data.find((seat) => seat.full_name === 'Baraka Mwangi')!.id;
});

test.afterAll(async ({ serviceRole }) => {
  // The order first: its line holds the intake.
  if (orderId) await serviceRole.from('orders').delete().eq('id', orderId);
  if (programId) await serviceRole.from('training_programs').delete().eq('id', programId);
});

const cell = (page: Page, name: string, day: string) => page.getByLabel(`${name}, ${day}`, { exact: true });

async function openRoster(page: Page): Promise<void> {
  await page.goto(`/admin/intakes/${intakeId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Roster: ${programTitle}` })).toBeVisible();
}

test('staff reach the roster from the program’s intakes and see one row per seat with order and buyer', async ({
  page,
}) => {
  await signInAsStaff(page, staff);
  await page.goto(`/admin/training-programs/${programId}`);
  await page.getByRole('link', { name: /^Roster and attendance of the intake 1 Mar 2027/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/intakes/${intakeId}$`));
  const rows = page.getByRole('table', { name: 'Participants, one per seat' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Amina Otieno');
  await expect(rows.nth(1)).toContainText('amina@example.com');
  await expect(rows.nth(1)).toContainText('Wanjiru Kamau');
  await expect(rows.nth(1)).toContainText('Kamau Holdings');
  await expect(rows.nth(2)).toContainText('Baraka Mwangi');
});

test('attendance is marked from the keyboard alone, with who and when under each mark', async ({
  page,
  serviceRole,
}) => {
  // A clean grid (a retry starts over).
  await serviceRole.from('attendance_marks').delete().in('participant_id', [participants.amina, participants.baraka]);
  await signInAsStaff(page, staff);
  await openRoster(page);
  const first = cell(page, 'Amina Otieno', days[0]!);
  // The one pointer-free start: focus on the grid's first cell, as Tab from the page would bring it.
  await first.focus();
  await page.keyboard.press('p');
  await expect(first).toHaveValue('present');
  await expect(first).toHaveAccessibleDescription(new RegExp(`^by ${staff.email}, `));

  await page.keyboard.press('Tab');
  const second = cell(page, 'Amina Otieno', days[1]!);
  await expect(second).toBeFocused();
  await page.keyboard.press('a');
  await expect(second).toHaveAccessibleDescription(new RegExp(`^by ${staff.email}, `));
  await expect(second).toHaveValue('absent');

  await page.keyboard.press('Tab');
  const third = cell(page, 'Amina Otieno', days[2]!);
  await expect(third).toBeFocused();
  await page.keyboard.press('e');
  await expect(third).toHaveAccessibleDescription(new RegExp(`^by ${staff.email}, `));

  // Back from the first cell: the last day's "All present", which marks only who is not marked yet.
  await first.focus();
  await page.keyboard.press('Shift+Tab');
  const allPresent = page.getByRole('button', { name: `All present on ${days[2]}` });
  await expect(allPresent).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Baraka Mwangi', days[2]!)).toHaveValue('present');
  await expect(third).toHaveValue('excused');

  const { data, error } = await serviceRole
    .from('attendance_marks')
    .select('participant_id, status, marked_by, session_day_id')
    .in('participant_id', [participants.amina, participants.baraka]);
  expect(error).toBeNull();
  expect(
    data!.map((mark) => `${mark.participant_id === participants.amina ? 'amina' : 'baraka'} ${mark.status}`).sort(),
  ).toEqual(['amina absent', 'amina excused', 'amina present', 'baraka present']);
  expect(new Set(data!.map((mark) => mark.marked_by))).toEqual(new Set([staff.userId]));
});

test('a participant is renamed (audited), completion is set by hand only with a reason', async ({
  page,
  serviceRole,
}) => {
  await signInAsStaff(page, staff);
  await openRoster(page);
  await page.getByRole('button', { name: 'Change the participant Baraka Mwangi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the participant Baraka Mwangi' });
  await dialog.getByLabel('Full name').fill('Baraka Njoroge');
  await dialog.getByLabel('E-mail').fill('baraka@example.com');
  await dialog.getByRole('button', { name: 'Save participant' }).click();
  await expect(dialog).toBeHidden();
  const roster = page.getByRole('table', { name: 'Participants, one per seat' });
  await expect(roster.getByRole('rowheader', { name: /^Baraka Njoroge/ })).toContainText('baraka@example.com');
  const audit = await serviceRole.rpc('audit_log_entries', {
    p_table_name: 'order_participants',
    p_row_id: participants.baraka,
  });
  expect(audit.data?.[0]).toMatchObject({
    action: 'UPDATE',
    actor_email: staff.email,
    before: expect.objectContaining({ full_name: 'Baraka Mwangi' }),
    after: expect.objectContaining({ full_name: 'Baraka Njoroge' }),
  });

  await page.getByRole('button', { name: 'Completion of Baraka Njoroge' }).click();
  const decide = page.getByRole('dialog', { name: 'Completion of Baraka Njoroge' });
  await decide.getByLabel('Completed', { exact: true }).check();
  await decide.getByRole('button', { name: 'Save decision' }).click();
  await expect(decide.getByText('Give the reason (at least 3 characters)')).toBeVisible();
  await decide.getByLabel('Reason').fill('Attended the make-up session');
  await decide.getByRole('button', { name: 'Save decision' }).click();
  await expect(decide).toBeHidden();
  const row = roster.getByRole('row', { name: /Baraka Njoroge/ });
  await expect(row).toContainText(`Set by hand by ${staff.email}: Attended the make-up session`);
  await expect(row.getByRole('cell').nth(4)).toHaveText(/^Yes/);
});

test('the roster downloads as CSV and each day’s sign-in sheet as PDF', async ({ page }) => {
  await signInAsStaff(page, staff);
  await openRoster(page);
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Roster (CSV)' }).click();
  const rows = await csvRows(await csv);
  expect(rows.map((row) => row['Participant'])).toEqual(['Amina Otieno', expect.stringMatching(/^Baraka /)]);
  expect(rows[0]).toMatchObject({ 'Participant e-mail': 'amina@example.com', Organisation: 'Kamau Holdings' });

  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: `Sign-in sheet (PDF) for ${days[1]}` }).click();
  const download = await pdf;
  expect(download.suggestedFilename()).toBe('sign-in-2027-03-01-2027-03-02.pdf');
  const text = await pdfText(new Uint8Array(await readFile((await download.path())!)));
  expect(text).toContain(`Session day: ${days[1]}`);
  expect(text).toMatch(/1 Amina Otieno Kamau Holdings/);
  expect(text).toMatch(/2 Baraka \w+ Kamau Holdings/);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the roster has no WCAG 2.1 A/AA violations (${theme})`, async ({ page, setTheme }) => {
    await setTheme(page, theme);
    await signInAsStaff(page, staff);
    await openRoster(page);
    await expect(cell(page, 'Amina Otieno', days[0]!)).toBeVisible();
    await settle(page);
    await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
    const scan = theme === 'light' ? scanAllRules : scanThemeDependentRules;
    const { violations } = await scan(page);
    expect(violations.length, describeViolations(violations)).toBe(0);
    await page.getByRole('button', { name: 'Completion of Amina Otieno' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const dialog = await scan(page);
    expect(dialog.violations.length, describeViolations(dialog.violations)).toBe(0);
  });
}
