/**
 * Vouchers in the browser (issue 30): at checkout "Have a code?" shows create_order's refusal
 * beside the field, and a good code (typed in small letters) gives the confirmation page and the
 * pro-forma invoice the discounted total. Marketing creates a code, generates a batch (CSV) and
 * pauses one on /admin/vouchers, which is axe clean.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { pdfText } from '../support/pdf-text.ts';
import { expect, setTheme, test, type StackInfo } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { cartProgram, fillDetails, freshEmail, storeCart } from './support/checkout.ts';
import { csvRows } from './support/csv.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders } from './support/orders.ts';
import { createStaffUser, signInAsStaff, type Account } from './support/staff.ts';

test.beforeAll(async ({ stack }) => allowManyOrders(stack));

const tag = () => randomBytes(4).toString('hex').toUpperCase();

test('a voucher code at checkout: refused in words beside the field, then the discounted total on the confirmation and the invoice', async ({
  page,
  serviceRole,
}) => {
  test.setTimeout(120_000);
  // Women in Leadership: KES 65,000; 20 % off is KES 13,000 (USD 100.65 at 129.16 KES per USD).
  const program = await cartProgram(serviceRole, 'women-in-leadership');
  const code = `WIL20-${tag()}`;
  const created = await serviceRole
    .from('vouchers')
    .insert({ code, kind: 'percent_off', percent_off: 20, scope: 'programs', program_ids: [program.id], max_uses: 3 });
  expect(created.error).toBeNull();

  await storeCart(page, [{ program, quantity: 1 }]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, freshEmail('voucher'));
  const field = page.getByRole('textbox', { name: /^Have a code\?/ });
  await field.fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(field).toHaveAccessibleDescription(
    /We do not recognise this code\. Please check it, or remove it to place your order without it\./,
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
  await expect(page.getByText(`1 seat × KES 65,000; KES 13,000.00 off with code ${code} (1 seat)`)).toBeVisible();
  await expect(page.getByText(`Discount with code ${code}`, { exact: true })).toBeVisible();
  await expect(page.getByText(/^−USD\s100\.65 \/ −KES\s13,000\.00$/)).toBeVisible();
  await expect(page.getByTestId('total-kes')).toHaveText(/^KES\s52,000\.00$/);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the pro-forma invoice (PDF)' }).click();
  const text = (await pdfText(new Uint8Array(await readFile((await (await download).path())!)))).replace(/\s+/g, ' ');
  expect(text).toContain(`KES 13,000.00 off with code ${code} (1 seat)`);
  expect(text).toContain('Discount (KES) -KES 13,000.00');
  expect(text).toContain('Total (KES) KES 52,000.00');

  // Staff see the code and the line's discount on the order's admin page.
  const reference = await page.getByTestId('order-reference').textContent();
  const order = await serviceRole.from('orders').select('id').eq('reference', reference!).single();
  await signInAsStaff(page);
  await page.goto(`/admin/orders/${order.data!.id}`);
  await expect(page.getByRole('definition').filter({ hasText: code })).toBeVisible();
  await expect(page.getByRole('cell', { name: /KES\s52,000 \(after KES\s13,000\.00 off 1 seat\)/ })).toBeVisible();
});

async function marketingMember(stack: StackInfo, serviceRole: SupabaseClient<Database>): Promise<Account> {
  // Another admin first: the last active admin may not lose the role (on a fresh stack).
  await createStaffUser(stack);
  const account = await createStaffUser(stack);
  const update = await serviceRole
    .from('staff')
    .update({ roles: ['marketing'] })
    .eq('user_id', account.userId);
  expect(update.error).toBeNull();
  return account;
}

test('marketing creates a code, generates a batch as CSV and pauses a code; the screen is axe clean', async ({
  page,
  stack,
  serviceRole,
}) => {
  test.setTimeout(180_000);
  await signInAsStaff(page, await marketingMember(stack, serviceRole));
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Vouchers', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Vouchers', level: 1 })).toBeVisible();

  const code = `PARTNER-${tag()}`;
  await page.getByLabel('Code (or prefix of a batch)').fill(code.toLowerCase());
  await page.getByLabel('Percentage or amount').fill('15');
  await page.getByLabel('Uses allowed per code (optional)').fill('10');
  await page.getByRole('button', { name: 'Create' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
  await expect(row.getByRole('cell', { name: '15 % off each seat' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '0 of 10', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();

  const prefix = `BATCH${tag()}`;
  await page.getByLabel('Number of codes').fill('5');
  await page.getByLabel('Code (or prefix of a batch)').fill(prefix);
  await page.getByLabel('Discount', { exact: true }).selectOption({ label: 'Amount off each seat' });
  await page.getByLabel('Percentage or amount').fill('5000');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Generated 5 codes.' }).first()).toBeVisible();
  const batch = page.getByRole('row').filter({ hasText: 'KES 5,000.00 off each seat' }).first();
  const csv = page.waitForEvent('download');
  await batch.getByRole('button', { name: /^Download codes \(CSV\)/ }).click();
  const codes = (await csvRows(await csv)).map((line) => line['Code']);
  expect(codes).toHaveLength(5);
  for (const generated of codes)
    expect(generated).toMatch(new RegExp(`^${prefix}-[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$`));
  const stored = await serviceRole
    .from('vouchers')
    .select('code')
    .in('code', codes as string[]);
  expect(stored.data).toHaveLength(5);

  await row.getByRole('button', { name: new RegExp(`^Pause\\s*: ${code}$`) }).click();
  await expect(row.getByRole('cell', { name: 'Paused', exact: true })).toBeVisible();
  const paused = await serviceRole.from('vouchers').select('is_paused').eq('code', code).single();
  expect(paused.data).toEqual({ is_paused: true });

  const { violations } = await scanAllRules(page);
  expect(violations, describeViolations(violations)).toEqual([]);
});

test('marketing holds seats in an intake for a code; a hold the intake has no room for is refused in words', async ({
  page,
  stack,
  serviceRole,
}) => {
  test.setTimeout(120_000);
  const suffix = tag();
  const title = `Held Seats ${suffix}`;
  const program = await serviceRole
    .from('training_programs')
    .insert({
      title,
      slug: `held-seats-${suffix.toLowerCase()}`,
      category: 'Leadership',
      focus: 'Held seats fixture',
      description: 'Held seats fixture',
      duration: '2 days',
      price_amount: 1000,
      currency: 'KES',
      is_published: true,
    })
    .select('id')
    .single();
  if (program.error) throw new Error(program.error.message);
  const startsOn = new Date(Date.now() + 50 * 86_400_000).toISOString().slice(0, 10);
  const intake = await serviceRole
    .from('program_intakes')
    .insert({ program_id: program.data.id, starts_on: startsOn, ends_on: startsOn, venue: 'Nairobi', capacity: 3 })
    .select('id')
    .single();
  if (intake.error) throw new Error(intake.error.message);

  try {
    await signInAsStaff(page, await marketingMember(stack, serviceRole));
    await page.goto('/admin/vouchers');
    await expect(page.getByRole('heading', { name: 'Vouchers', level: 1 })).toBeVisible();
    const code = `HOLD-${suffix}`;
    await page.getByLabel('Code (or prefix of a batch)').fill(code);
    await page.getByLabel('Percentage or amount').fill('10');
    await page.getByLabel('Hold seats in intake (optional)').selectOption({ label: `${title}, from ${startsOn}` });
    await page.getByLabel('Seats held (per code)').fill('2');
    await page.getByRole('button', { name: 'Create' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
    await expect(row.getByRole('cell', { name: `0 of 2 used, in ${title} from ${startsOn}` })).toBeVisible();
    const stored = await serviceRole.from('vouchers').select('held_intake_id, held_seats').eq('code', code).single();
    expect(stored.data).toEqual({ held_intake_id: intake.data.id, held_seats: 2 });

    // One seat of the 3 is left to hold: a second hold of 2 is refused, in the database's words.
    await page.getByLabel('Code (or prefix of a batch)').fill(`HOLD2-${suffix}`);
    await page.getByLabel('Percentage or amount').fill('10');
    await page.getByLabel('Hold seats in intake (optional)').selectOption({ label: `${title}, from ${startsOn}` });
    await page.getByLabel('Seats held (per code)').fill('2');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Only 1 seat of this intake is free to hold.').first()).toBeVisible();
    const refused = await serviceRole.from('vouchers').select('id').eq('code', `HOLD2-${suffix}`);
    expect(refused.data).toEqual([]);

    const { violations } = await scanAllRules(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    // The dark theme too (a tab of its own: the theme is stored before its first page).
    const dark = await page.context().newPage();
    await setTheme(dark, 'dark');
    await dark.goto('/admin/vouchers');
    await expect(dark.getByRole('cell', { name: `0 of 2 used, in ${title} from ${startsOn}` })).toBeVisible();
    const darkScan = await scanThemeDependentRules(dark);
    expect(darkScan.violations, describeViolations(darkScan.violations)).toEqual([]);
  } finally {
    await serviceRole.from('vouchers').delete().eq('held_intake_id', intake.data.id);
    await serviceRole.from('training_programs').delete().eq('id', program.data.id);
  }
});

test('a visitor with a code that holds seats books an intake that shows as full to everyone else', async ({
  page,
  stack,
  serviceRole,
}) => {
  test.setTimeout(120_000);
  const suffix = tag();
  const program = await serviceRole
    .from('training_programs')
    .insert({
      title: `Held For Holders ${suffix}`,
      slug: `held-for-holders-${suffix.toLowerCase()}`,
      category: 'Leadership',
      focus: 'Held seats fixture',
      description: 'Held seats fixture',
      duration: '1 day',
      price_amount: 1000,
      currency: 'KES',
      is_published: true,
    })
    .select('id, slug')
    .single();
  if (program.error) throw new Error(program.error.message);
  const startsOn = new Date(Date.now() + 50 * 86_400_000).toISOString().slice(0, 10);
  const intake = await serviceRole
    .from('program_intakes')
    .insert({
      program_id: program.data.id,
      starts_on: startsOn,
      ends_on: startsOn,
      venue: 'Nairobi',
      capacity: 2,
      is_published: true,
    })
    .select('id')
    .single();
  if (intake.error) throw new Error(intake.error.message);
  const code = `HOLDERS-${suffix}`;
  const voucher = await serviceRole.from('vouchers').insert({
    code,
    kind: 'percent_off',
    percent_off: 10,
    scope: 'all_programs',
    held_intake_id: intake.data.id,
    held_seats: 2,
  });
  if (voucher.error) throw new Error(voucher.error.message);

  try {
    await storeCart(page, [{ program: await cartProgram(serviceRole, program.data.slug), quantity: 1 }]);
    await openHydrated(page, '/checkout');
    await page.getByRole('button', { name: 'Continue to your details' }).click();
    const intakeChoice = page.getByRole('combobox', { name: 'Intake' });
    const heldIntake = intakeChoice.getByRole('option', { name: /Nairobi: full/ });
    // Both seats are held: to everyone else the intake is full and cannot be chosen.
    await expect(heldIntake).toBeDisabled();
    await page.getByRole('textbox', { name: /^Have a code\?/ }).fill(code.toLowerCase());
    await expect(heldIntake).toBeEnabled();
    await intakeChoice.selectOption({ label: (await heldIntake.textContent())! });
    await fillDetails(page, freshEmail('held-seats'));
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
    const booked = await serviceRole
      .from('order_items')
      .select('intake_id, quantity')
      .eq('program_id', program.data.id)
      .single();
    expect(booked.data).toEqual({ intake_id: intake.data.id, quantity: 1 });
  } finally {
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `delete from public.orders where id in (select order_id from public.order_items where program_id = $1)`,
        [program.data.id],
      );
      await db.query('delete from public.vouchers where code = $1', [code]);
      await db.query('delete from public.program_intakes where program_id = $1', [program.data.id]);
      await db.query('delete from public.training_programs where id = $1', [program.data.id]);
    } finally {
      await db.end();
    }
  }
});
