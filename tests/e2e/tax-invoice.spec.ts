/**
 * Issue 29's done-when, end to end: an organisation buys two programs (one standard-rated B, one
 * exempt A) with its KRA PIN and pays by M-Pesa (the local Daraja stand-in's phone approves); the
 * tax invoice is issued once and registered with the local eTIMS; the PDF downloaded from the
 * order's confirmation page shows both PINs, the VAT split and the control unit's number, and its
 * QR code decodes to KRA's verification URL; the buyer gets it by e-mail with the PDF attached.
 * Cancelling the paid order issues a credit note, registered and mailed likewise. Then finance's
 * screen /admin/tax-documents: filters, Retry of a refused document, the accountant's CSV, and axe
 * in both themes.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test, type Theme } from './fixtures.ts';
import { DEFAULT_ETIMS_VERIFY_URL } from '../../supabase/functions/_shared/tax-document-verification.ts';
import { capturedAttachment, capturedMail } from '../support/mail-capture.ts';
import { pdfQrCode } from '../support/pdf-qr-code.ts';
import { pdfText } from '../support/pdf-text.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { cartProgram, fillDetails, freshEmail, storeCart } from './support/checkout.ts';
import { csvRows } from './support/csv.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders } from './support/orders.ts';
import { settle } from './support/settle.ts';
import { createStaffUser, signInAsStaff, type Account } from './support/staff.ts';

const STANDARD = 'women-in-leadership'; // KES 65,000, class B (16 %) by the seed's default
const EXEMPT = 'first-time-managers'; // KES 38,000, set to A (exempt) for this file
const BUYER_PIN = 'P051777777Q';
const SELLER_PIN = 'P051234567X'; // ETIMS_TIN of the test stack (.env.example)
// The workers (eTIMS every 2 s, mail every 2 s) beside other work on a loaded machine.
const workerWaitMs = 90_000;

test.describe.configure({ mode: 'serial' });

let finance: Account;
let orderId = '';
let invoiceNumber = '';

test.beforeAll(async ({ stack, serviceRole }) => {
  await allowManyOrders(stack);
  const exempt = await serviceRole.from('training_programs').update({ tax_class: 'A' }).eq('slug', EXEMPT);
  if (exempt.error) throw new Error(exempt.error.message);
  // An admin besides: the finance member must not be the last one (the database refuses that).
  await createStaffUser(stack);
  finance = await createStaffUser(stack);
  const roles = await serviceRole
    .from('staff')
    .update({ roles: ['finance'] })
    .eq('user_id', finance.userId);
  if (roles.error) throw new Error(roles.error.message);
});

test.afterAll(async ({ serviceRole }) => {
  await serviceRole.from('training_programs').update({ tax_class: 'B' }).eq('slug', EXEMPT);
});

async function etimsCounters(etimsUrl: string): Promise<{ salesRegistered: number }> {
  const response = await fetch(new URL('/local/counters', etimsUrl));
  return (await response.json()) as { salesRegistered: number };
}

async function downloadPdf(page: Page, name: RegExp): Promise<Uint8Array> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return new Uint8Array(await readFile(await download.path()));
}

test('an organisation pays by M-Pesa: the tax invoice is issued once, registered, downloadable and mailed; cancelling credits it', async ({
  page,
  serviceRole,
  stack,
}) => {
  test.setTimeout(6 * workerWaitMs);
  const email = freshEmail('tax-invoice');
  const salesBefore = (await etimsCounters(stack.etimsUrl)).salesRegistered;
  await storeCart(page, [
    { program: await cartProgram(serviceRole, STANDARD), quantity: 1 },
    { program: await cartProgram(serviceRole, EXEMPT), quantity: 1 },
  ]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, email, { method: 'M-Pesa (pay now on your phone)' });
  await page.getByRole('checkbox', { name: 'Buying for an organisation' }).check();
  await page.getByRole('textbox', { name: 'Organisation name' }).fill('Tana Water Services Board');
  await page.getByRole('textbox', { name: 'Organisation’s KRA PIN' }).fill(BUYER_PIN);
  await page.getByRole('textbox', { name: 'Organisation’s address' }).fill('P.O. Box 1750-00100, Nairobi');
  await page.getByRole('textbox', { name: /^M-Pesa phone number/ }).fill('0712 000 333');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });

  const order = await serviceRole.from('orders').select('id, reference').eq('customer_email', email).single();
  if (order.error) throw new Error(order.error.message);
  orderId = order.data.id;
  const documents = () =>
    serviceRole
      .from('tax_documents')
      .select('id, kind, document_number, etims_status, etims_receipt, vat_kes, gross_kes')
      .eq('order_id', orderId)
      .order('issued_at');
  await expect
    .poll(async () => (await documents()).data?.map((d) => `${d.kind}:${d.etims_status}`), { timeout: workerWaitMs })
    .toEqual(['tax_invoice:registered']);
  const invoice = (await documents()).data![0]!;
  invoiceNumber = invoice.document_number;
  // 65,000 × 16/116 = 8,965.52 of VAT; the exempt 38,000 carries none.
  expect(invoice).toMatchObject({ gross_kes: 103000, vat_kes: 8965.52 });
  expect((await etimsCounters(stack.etimsUrl)).salesRegistered).toBeGreaterThan(salesBefore);
  const receipt = invoice.etims_receipt as { rcptNo: number; rcptSign: string; sdcId?: string };

  // The confirmation page lists it; its PDF carries the PINs, the split, the control unit's number and the QR code.
  await page.reload();
  const link = new RegExp(`^Tax invoice ${invoiceNumber} \\(PDF\\)$`);
  await expect(page.getByRole('link', { name: link })).toBeVisible();
  await expect(page.getByText('(registered with KRA eTIMS)')).toBeVisible();
  const pdf = await downloadPdf(page, link);
  const text = await pdfText(pdf.slice());
  // Both PINs, each line's class with its VAT, the split's totals, the control unit's number.
  for (const expected of [
    `KRA PIN ${SELLER_PIN}`,
    `Buyer KRA PIN: ${BUYER_PIN}`,
    'B VAT 16 % KES 8,965.52 KES 65,000.00',
    'A Exempt KES 0.00 KES 38,000.00',
    'Amount before VAT KES 94,034.48',
    'VAT KES 8,965.52',
    `Control unit invoice number: ${receipt.sdcId}/${receipt.rcptNo}`,
  ])
    expect(text).toContain(expected);
  expect(await pdfQrCode(pdf)).toBe(`${DEFAULT_ETIMS_VERIFY_URL}${SELLER_PIN}00${receipt.rcptSign}`);

  // The buyer's mail, with the PDF attached.
  const subject = `Tax invoice ${invoiceNumber} for your Ascent order ${order.data.reference}`;
  await expect
    .poll(async () => (await capturedMail(stack.mailApiUrl, { to: email, subject })).length, { timeout: workerWaitMs })
    .toBe(1);
  const [mail] = await capturedMail(stack.mailApiUrl, { to: email, subject });
  const attached = await capturedAttachment(stack.mailApiUrl, mail!.id, 0);
  expect(await pdfText(attached)).toContain(BUYER_PIN);

  // Cancelled after payment (finance's "Cancel and credit"; here straight in the database): a credit note.
  const cancelled = await serviceRole.from('orders').update({ status: 'cancelled' }).eq('id', orderId);
  expect(cancelled.error).toBeNull();
  await expect
    .poll(async () => (await documents()).data?.map((d) => `${d.kind}:${d.etims_status}`), { timeout: workerWaitMs })
    .toEqual(['tax_invoice:registered', 'credit_note:registered']);
  const credit = (await documents()).data![1]!;
  expect(credit).toMatchObject({ gross_kes: -103000, vat_kes: -8965.52 });
  const creditSubject = `Credit note ${credit.document_number} for your Ascent order ${order.data.reference}`;
  await expect
    .poll(async () => (await capturedMail(stack.mailApiUrl, { to: email, subject: creditSubject })).length, {
      timeout: workerWaitMs,
    })
    .toBe(1);
  await page.reload();
  await expect(page.getByRole('link', { name: `Credit note ${credit.document_number} (PDF)` })).toBeVisible();
  // Issued once: one invoice, one credit note, one mail each.
  const mails = await serviceRole.from('mail_outbox').select('kind').in('tax_document_id', [invoice.id, credit.id]);
  expect(mails.data).toHaveLength(2);
});

test('finance: filters by PIN and eTIMS state, retries a refused document, exports the VAT columns; the order page has the PDFs', async ({
  page,
  serviceRole,
}) => {
  test.setTimeout(3 * workerWaitMs);
  expect(invoiceNumber).not.toBe('');
  await signInAsStaff(page, finance);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Tax documents' }).click();
  await expect(page.getByRole('heading', { name: 'Tax documents', level: 1 })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Buyer KRA PIN or document number' });
  await search.fill(BUYER_PIN.toLowerCase());
  await search.press('Enter');
  const table = page.getByRole('table', { name: 'Tax invoices and credit notes' });
  await expect(table.getByRole('row')).toHaveCount(3); // header, invoice, credit note
  await expect(table.getByText(`Tax invoice ${invoiceNumber}`)).toBeVisible();

  // eTIMS refused the invoice (as after a wrong item code at KRA): finance sees it and retries.
  const refused = await serviceRole
    .from('tax_documents')
    .update({
      etims_status: 'failed',
      etims_receipt: null,
      etims_last_error: 'eTIMS refused saveTrnsSalesOsdc (result code 910)',
    })
    .eq('document_number', invoiceNumber);
  expect(refused.error).toBeNull();
  await page.getByLabel('eTIMS').selectOption({ label: 'Refused by eTIMS' });
  await expect(page).toHaveURL(/status=failed/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('result code 910')).toBeVisible();
  await page.getByRole('button', { name: `Retry eTIMS for ${invoiceNumber}` }).click();
  await expect(page.getByText(`${invoiceNumber} goes to eTIMS again now.`)).toBeVisible();
  await expect
    .poll(
      async () =>
        (await serviceRole.from('tax_documents').select('etims_status').eq('document_number', invoiceNumber).single())
          .data?.etims_status,
      { timeout: workerWaitMs },
    )
    .toBe('registered');

  // The period: today's documents are in it, tomorrow's range is empty.
  // Each filter waits for the last one's URL: a change made before the previous one's navigation
  // has committed is built on the old search (CI's run lost the "All" that way; noted, not fixed).
  await page.getByLabel('eTIMS').selectOption({ label: 'All' });
  await expect(page).not.toHaveURL(/status=failed/);
  const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
  await page.getByLabel('Issued from').fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await page.getByLabel('Issued to').fill(today);
  await expect(page).toHaveURL(new RegExp(`to=${today}`));
  await expect(table.getByRole('row')).toHaveCount(3);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const rows = await csvRows(download);
  expect(rows.map((row) => row.Kind)).toEqual(['Tax invoice', 'Credit note']);
  expect(rows[0]).toMatchObject({
    Number: invoiceNumber,
    'Buyer KRA PIN': BUYER_PIN,
    'Total KES': '103000',
    'VAT KES': '8965.52',
    'Net KES': '94034.48',
    'Net B (VAT 16 %) KES': '56034.48',
    'VAT B (VAT 16 %) KES': '8965.52',
    'Net A (Exempt) KES': '38000',
    'VAT A (Exempt) KES': '0',
    eTIMS: 'Registered',
  });
  expect(rows[1]).toMatchObject({ 'Credits invoice': invoiceNumber, 'VAT KES': '-8965.52' });
  const tomorrow = new Date(Date.now() + 27 * 3600_000).toISOString().slice(0, 10);
  await page.getByLabel('Issued from').fill(tomorrow);
  await expect(page.getByText('No documents match.')).toBeVisible();

  // The order's admin page lists its documents for finance, each PDF with the staff session.
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Tax documents' })).toBeVisible();
  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `PDF of tax invoice ${invoiceNumber}` }).click(),
  ]);
  expect(pdfDownload.suggestedFilename()).toBe(`${invoiceNumber}-tax-invoice.pdf`);
  expect(await pdfText(new Uint8Array(await readFile(await pdfDownload.path())))).toContain(BUYER_PIN);
});

test('finance changes the reduced VAT rate: a wrong rate is refused beside its field, a right one is saved', async ({
  page,
  serviceRole,
}) => {
  await signInAsStaff(page, finance);
  await page.goto('/admin/tax-documents');
  const rates = page.getByRole('region', { name: 'VAT rates' });
  const classE = rates.getByRole('form', { name: 'Change class E' });
  const rate = classE.getByRole('textbox', { name: 'Rate (%)' });
  try {
    await rate.fill('101');
    await classE.getByRole('button', { name: 'Save class E' }).click();
    await expect(rate).toHaveAccessibleDescription(/Enter the rate in per cent, 0 to 100/);
    await classE.getByRole('textbox', { name: 'Name on documents' }).fill('VAT 8.5 %');
    await rate.fill('8.5');
    await classE.getByRole('button', { name: 'Save class E' }).click();
    await expect(page.getByText('Class E is now “VAT 8.5 %” at 8.5 %.')).toBeVisible();
    await expect(rates.getByRole('row', { name: /^E VAT 8\.5 % 8\.5 %/ })).toBeVisible();
    const saved = await serviceRole.from('tax_classes').select('label, rate_basis_points').eq('id', 'E').single();
    expect(saved.data).toEqual({ label: 'VAT 8.5 %', rate_basis_points: 850 });
  } finally {
    await serviceRole.from('tax_classes').update({ label: 'VAT 8 %', rate_basis_points: 800 }).eq('id', 'E');
  }
});

const scans = { light: scanAllRules, dark: scanThemeDependentRules } as const;

for (const theme of ['light', 'dark'] as const satisfies Theme[]) {
  test(`/admin/tax-documents has no WCAG 2.1 A/AA violations (${theme})`, async ({ page, setTheme }) => {
    await setTheme(page, theme);
    await signInAsStaff(page, finance);
    await page.goto('/admin/tax-documents');
    await expect(
      page.getByRole('table', { name: 'Tax invoices and credit notes' }).getByRole('row').nth(1),
    ).toBeVisible();
    await settle(page);
    await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
    const { violations } = await scans[theme](page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
}
