/**
 * Issue 30's quote, end to end: finance builds a quote for an organisation in /admin/quotes and
 * sends it; the contact's mail (the local capture) has the quote as a PDF and the link; the link
 * accepts it with a purchase-order number and no names, which makes an order at the quoted total;
 * the order's confirmation mail has the link to name the participants, the roster shows the seats
 * unnamed, then the names once the buyer gives them. Axe finds nothing on the screens.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { capturedAttachment, capturedMail } from '../support/mail-capture.ts';
import { pdfText } from '../support/pdf-text.ts';
import { describeViolations, scanAllRules } from './support/axe-scan.ts';
import { freshEmail } from './support/checkout.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders } from './support/orders.ts';
import { createStaffUser, signInAsStaff, type Account } from './support/staff.ts';

// The mail worker runs every 2 s, beside other work on a loaded machine.
const workerWaitMs = 90_000;

let finance: Account;
let programId = '';
let programTitle = '';
let intakeId = '';
let intakeStarts = '';

test.beforeAll(async ({ stack, serviceRole }) => {
  await allowManyOrders(stack);
  // An admin besides: the finance member must not be the last one (the database refuses that).
  await createStaffUser(stack);
  finance = await createStaffUser(stack);
  const roles = await serviceRole
    .from('staff')
    .update({ roles: ['finance'] })
    .eq('user_id', finance.userId);
  if (roles.error) throw new Error(roles.error.message);
  const suffix = randomBytes(4).toString('hex');
  programTitle = `Quoted Leadership ${suffix}`;
  const program = await serviceRole
    .from('training_programs')
    .insert({
      title: programTitle,
      slug: `quoted-${suffix}`,
      category: 'Leadership',
      focus: 'Quote fixture',
      description: 'Quote fixture',
      duration: '3 days',
      price_amount: 1000,
      currency: 'KES',
      is_published: true,
    })
    .select('id')
    .single();
  if (program.error) throw new Error(program.error.message);
  programId = program.data.id;
  intakeStarts = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const intake = await serviceRole
    .from('program_intakes')
    .insert({
      program_id: programId,
      starts_on: intakeStarts,
      ends_on: intakeStarts,
      venue: 'Nairobi',
      capacity: 10,
      is_published: true,
    })
    .select('id')
    .single();
  if (intake.error) throw new Error(intake.error.message);
  intakeId = intake.data.id;
});

test.afterAll(async ({ serviceRole }) => {
  // The quote, then its order (its lines hold the intake), then the program.
  if (programId) {
    const lines = await serviceRole.from('quote_lines').select('quote_id').eq('program_id', programId);
    const quoteIds = (lines.data ?? []).map((line) => line.quote_id);
    const quotes = await serviceRole.from('quotes').select('order_id').in('id', quoteIds);
    await serviceRole.from('quotes').delete().in('id', quoteIds);
    const orderIds = (quotes.data ?? []).flatMap((quote) => (quote.order_id ? [quote.order_id] : []));
    if (orderIds.length) await serviceRole.from('orders').delete().in('id', orderIds);
    await serviceRole.from('training_programs').delete().eq('id', programId);
  }
});

test('a quote is built, e-mailed as a PDF, accepted with a PO number, and its participants named later', async ({
  page,
  serviceRole,
  stack,
}) => {
  test.setTimeout(5 * workerWaitMs);
  const contact = freshEmail('quote');

  // Finance builds and sends the quote: 3 seats at KES 900 less KES 200 on the line = KES 2,500.
  await signInAsStaff(page, finance);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Quotes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New quote' });
  await form.getByLabel(/^Organisation/).fill('Tana Water Services');
  await form.getByLabel(/^Contact name/).fill('Achieng Otieno');
  await form.getByLabel(/^Contact e-mail/).fill(contact);
  const line = form.getByRole('group', { name: 'Program 1' });
  await line.getByRole('combobox', { name: /^Program 1/ }).selectOption(programId);
  await line.getByRole('combobox', { name: /^Intake/ }).selectOption(intakeId);
  await line.getByLabel(/^Seats/).fill('3');
  await line.getByLabel(/^Unit price/).fill('900');
  await line.getByLabel(/^Discount on the line/).fill('200');
  await form.getByRole('button', { name: 'Create and send' }).click();
  const list = page.getByRole('table', { name: 'Quotes and their state' });
  const row = list.getByRole('row').filter({ hasText: 'Tana Water Services' });
  await expect(row).toContainText('Sent');
  await expect(row).toContainText('KES 2,500.00');
  const axeAdmin = await scanAllRules(page);
  expect(axeAdmin.violations.length, describeViolations(axeAdmin.violations)).toBe(0);

  // The contact's mail: the quote as a PDF, and the link.
  await expect
    .poll(async () => (await capturedMail(stack.mailApiUrl, { to: contact })).length, { timeout: workerWaitMs })
    .toBe(1);
  const [quoteMail] = await capturedMail(stack.mailApiUrl, { to: contact });
  expect(quoteMail!.subject).toMatch(/^Quote QUO-\d{4}-\d{5} from Ascent for Tana Water Services$/);
  const pdf = await pdfText(await capturedAttachment(stack.mailApiUrl, quoteMail!.id, 0));
  for (const expected of ['QUOTE', 'Tana Water Services', programTitle, 'KES 2,500.00'])
    expect(pdf).toContain(expected);
  const quoteLink = /https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}/.exec(quoteMail!.text)?.[0];
  expect(quoteLink).toBeDefined();
  const quotePath = new URL(quoteLink!).pathname;

  // The buyer opens the link and accepts with a PO number, naming nobody yet.
  await openHydrated(page, quotePath);
  await expect(page.getByTestId('quote-total')).toHaveText('KES 2,500.00');
  const axeQuote = await scanAllRules(page);
  expect(axeQuote.violations.length, describeViolations(axeQuote.violations)).toBe(0);
  await page.getByLabel(/^Purchase-order number/).fill('LPO-2026-0147');
  await page.getByRole('button', { name: 'Accept the quote' }).click();
  await expect(page.getByText(/your order is ASC-\d{4}-\d{6}/)).toBeVisible({ timeout: 15_000 });

  // The order: the quoted total, the PO number, three seats and no names.
  const order = await serviceRole
    .from('orders')
    .select('id, reference, total_kes, po_number, order_items(quantity, order_participants(id))')
    .eq('customer_email', contact)
    .single();
  if (order.error) throw new Error(order.error.message);
  expect(order.data).toMatchObject({ total_kes: 2500, po_number: 'LPO-2026-0147' });
  expect(order.data.order_items).toEqual([{ quantity: 3, order_participants: [] }]);
  await page.reload();
  await expect(page.getByText(`your order is ${order.data.reference}`)).toBeVisible();

  // Its confirmation mail has the link to name the participants.
  const confirmationSubject = `Your Ascent order ${order.data.reference}`;
  await expect
    .poll(async () => (await capturedMail(stack.mailApiUrl, { to: contact, subject: confirmationSubject })).length, {
      timeout: workerWaitMs,
    })
    .toBe(1);
  const [confirmation] = await capturedMail(stack.mailApiUrl, { to: contact, subject: confirmationSubject });
  const namingLink = /https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}\/participants/.exec(confirmation!.text)?.[0];
  expect(namingLink).toBeDefined();

  // The roster shows the three seats unnamed.
  await page.goto(`/admin/intakes/${intakeId}`);
  await expect(page.getByRole('heading', { name: /^Participants \(0, and 3 seats to be named\)$/ })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /3 unnamed seats/ })).toBeVisible();

  // The buyer names them from the e-mailed link.
  await openHydrated(page, new URL(namingLink!).pathname);
  const names = page.getByLabel(`Participants for ${programTitle} (0 of 3 named)`);
  await names.fill('Wanjiru Kamau\nOtieno Ouma, otieno@tana.example\nChebet Rono');
  await page.getByRole('button', { name: 'Save the participants' }).click();
  await expect(page.getByText('The participants are saved.')).toBeVisible();
  await expect(page.getByLabel(`Participants for ${programTitle} (3 of 3 named)`)).toBeVisible();
  const axeNames = await scanAllRules(page);
  expect(axeNames.violations.length, describeViolations(axeNames.violations)).toBe(0);

  // The roster shows the names.
  await page.goto(`/admin/intakes/${intakeId}`);
  await expect(page.getByRole('heading', { name: 'Participants (3)' })).toBeVisible();
  for (const name of ['Wanjiru Kamau', 'Otieno Ouma', 'Chebet Rono'])
    await expect(page.getByRole('rowheader', { name: new RegExp(`^${name}`) }).first()).toBeVisible();

  // The admin list says accepted, with the order.
  await page.goto('/admin/quotes');
  await expect(row).toContainText('Accepted');
  await expect(row.getByRole('link', { name: order.data.reference })).toBeVisible();
});
