/**
 * Certificates from the admin to the employer (issue 27, done-when): an order with two
 * participants is paid; staff mark the intake's days with one participant below the rule and
 * issue certificates for the intake; exactly one is issued and mailed with its PDF (to the buyer:
 * that participant has no e-mail); the QR code in the PDF, rendered and decoded, leads to
 * /verify/<code>, which says valid with the right name and program. A re-issue (from the
 * keyboard) keeps the code and sends no second mail; the staff PDF prints the new name; after a
 * revoke the page says revoked; a changed character is caught by the check symbol; an unknown
 * valid-looking code is not found. axe finds nothing on the section and its dialogs in either theme.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { CODE_ALPHABET, formatCertificateCode, generateCertificateCode } from '../../domain/certificate-code.ts';
import { expect, test } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules } from './support/axe-scan.ts';
import { mailsTo } from './support/orders.ts';
import { settle } from './support/settle.ts';
import type { StackInfo } from './support/stack-info.ts';
import { createStaffUser, signInAsStaff, type Account } from './support/staff.ts';
import { capturedAttachment } from '../support/mail-capture.ts';
import { pdfQrCode } from '../support/pdf-qr-code.ts';
import { pdfImageCount, pdfText } from '../support/pdf-text.ts';

// Monday 5 to Wednesday 7 April 2027: three session days by default.
const days = ['5 Apr 2027', '6 Apr 2027', '7 Apr 2027'];

let staff: Account;
let programId = '';
let programTitle = '';
let intakeId = '';
let orderId = '';
let buyerEmail = '';
let achiengEmail = '';

async function withDatabase<T>(stack: StackInfo, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ serviceRole, stack }) => {
  // Every browser test connects from 127.0.0.1: one client to the verification limit.
  await withDatabase(stack, (db) =>
    db.query(
      `update private.client_limits set max_per_client = 100000, max_without_proof = 100000
        where write = 'certificate_verification'`,
    ),
  );
  staff = await createStaffUser();
  const suffix = randomBytes(4).toString('hex');
  programTitle = `Certified Skills ${suffix}`;
  buyerEmail = `cert-buyer-${suffix}@example.com`;
  achiengEmail = `achieng-${suffix}@example.com`;
  const program = await serviceRole
    .from('training_programs')
    .insert({
      title: programTitle,
      slug: `certified-${suffix}`,
      category: 'Leadership',
      focus: 'Certificate fixture',
      description: 'Certificate fixture',
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
    .insert({ program_id: programId, starts_on: '2027-04-05', ends_on: '2027-04-07', venue: 'Nairobi', capacity: 10 })
    .select('id')
    .single();
  if (intake.error) throw new Error(intake.error.message);
  intakeId = intake.data.id;
  const order = await serviceRole
    .from('orders')
    .insert({
      customer_name: 'Wanjiru Kamau',
      customer_email: buyerEmail,
      organisation: 'Kamau Holdings',
      currency: 'KES',
      reference: `ASC-1997-${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`,
      confirmation_token: randomBytes(32).toString('base64url'),
      idempotency_key: randomUUID(),
      request_hash: 'certificates',
      payment_method: 'invoice',
      terms_accepted_at: new Date().toISOString(),
      client_key: 'certificates',
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
  const seats = await serviceRole.from('order_participants').insert([
    { order_item_id: line.data.id, position: 1, full_name: 'Achieng Otieno', email: achiengEmail },
    // No e-mail given at checkout: the certificate goes to the buyer.
    { order_item_id: line.data.id, position: 2, full_name: 'Baraka Mwangi' },
  ]);
  if (seats.error) throw new Error(seats.error.message);
  // Paid the way the workflow allows: confirmed first, then paid with the bank transfer's reference.
  const payment = {
    payment_reference: 'KCB-TRF-20270410',
    payment_reference_method: 'bank',
    payment_recorded_at: new Date().toISOString(),
  };
  for (const change of [{ status: 'confirmed' }, { status: 'paid', ...payment }]) {
    const moved = await serviceRole.from('orders').update(change).eq('id', orderId);
    if (moved.error) throw new Error(moved.error.message);
  }
});

test.afterAll(async ({ stack }) => {
  // Certificates hold their seat, program and intake, and the paid order's tax invoice and
  // payment receipt its order (on delete restrict): they go first.
  await withDatabase(stack, async (db) => {
    await db.query('delete from public.certificates where intake_id = $1', [intakeId]);
    if (orderId) await db.query('delete from public.tax_documents where order_id = $1', [orderId]);
    if (orderId) await db.query('delete from public.payment_receipts where order_id = $1', [orderId]);
    if (orderId) await db.query('delete from public.orders where id = $1', [orderId]);
    if (programId) await db.query('delete from public.training_programs where id = $1', [programId]);
  });
});

const cell = (page: Page, name: string, day: string) => page.getByLabel(`${name}, ${day}`, { exact: true });
const certificatesTable = (page: Page) => page.getByRole('table', { name: 'Certificates, one per participant' });

async function openRoster(page: Page): Promise<void> {
  await page.goto(`/admin/intakes/${intakeId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Roster: ${programTitle}` })).toBeVisible();
}

/** The code with one symbol changed: what a typo makes. */
function withOneChange(code: string, position: number): string {
  const symbol = CODE_ALPHABET[(CODE_ALPHABET.indexOf(code[position]!) + 1) % CODE_ALPHABET.length]!;
  return code.slice(0, position) + symbol + code.slice(position + 1);
}

test('attendance, issue for the intake: one certificate, mailed with a PDF whose QR code verifies; re-issue, revoke, typo, unknown', async ({
  page,
  serviceRole,
  stack,
}) => {
  test.setTimeout(240_000);
  await signInAsStaff(page, staff);
  await openRoster(page);

  // Everyone present on each day, then Achieng absent on two of three: 33 %, below the 80 % rule.
  for (const day of days) {
    await page.getByRole('button', { name: `All present on ${day}` }).click();
    await expect(cell(page, 'Baraka Mwangi', day)).toHaveValue('present');
    await expect(cell(page, 'Achieng Otieno', day)).toHaveValue('present');
  }
  for (const day of days.slice(1)) {
    await cell(page, 'Achieng Otieno', day).selectOption('absent');
    await expect(cell(page, 'Achieng Otieno', day)).toHaveAccessibleDescription(new RegExp(`^by ${staff.email}, `));
  }

  const section = page.getByRole('region', { name: /^Certificates/ });
  await expect(section).toContainText('1 participant has completed without one.');
  await section.getByRole('button', { name: 'Issue certificates to all who completed (1)' }).click();
  await expect(page.getByText('Issued 1 certificate; each is e-mailed with its PDF.')).toBeVisible();
  const table = certificatesTable(page);
  await expect(table.getByRole('row', { name: /Baraka Mwangi/ })).toContainText('Issued');
  await expect(table.getByRole('row', { name: /Achieng Otieno/ })).toContainText('Not completed');

  const { data: issued, error } = await serviceRole
    .from('certificates')
    .select('id, code, holder_name')
    .eq('intake_id', intakeId);
  expect(error).toBeNull();
  expect(issued).toHaveLength(1);
  const [certificate] = issued!;
  expect(certificate!.holder_name).toBe('Baraka Mwangi');
  const printed = formatCertificateCode(certificate!.code);

  // Mailed once, with its PDF, to the buyer (Baraka has no e-mail); nothing to Achieng.
  const subject = `Certificate for Baraka Mwangi: ${programTitle}`;
  await expect
    .poll(async () => (await mailsTo(stack, buyerEmail)).filter((m) => m.subject === subject).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const [mail] = (await mailsTo(stack, buyerEmail)).filter((m) => m.subject === subject);
  expect(mail!.text).toContain(printed);
  const attachment = mail!.attachments.findIndex((file) => file.contentType === 'application/pdf');
  expect(mail!.attachments[attachment]?.filename).toBe(`certificate-${printed}.pdf`);
  const pdf = await capturedAttachment(stack.mailApiUrl, mail!.id, attachment);
  const text = await pdfText(pdf.slice()); // pdf.js takes over the buffer it is given
  expect(text).toContain('Baraka Mwangi');
  expect(text).toContain(programTitle);
  // The signatory from the CMS site settings (content/production.ndjson).
  expect(text).toContain('Dr. Wanjiru Kamau');
  expect(text).toContain('Director of Training');
  // The logo from the CMS (an SVG there), fetched as a PNG from the image API.
  expect(await pdfImageCount(pdf)).toBe(1);
  expect(await mailsTo(stack, achiengEmail)).toEqual([]);

  // The QR code, read from the rendered page, leads to the verification page.
  const verifyUrl = await pdfQrCode(pdf);
  expect(verifyUrl).toBe(`${stack.webUrl}/verify/${printed}`);
  await page.goto(verifyUrl);
  const outcome = page.getByRole('status');
  await expect(outcome).toContainText('Valid.', { timeout: 15_000 });
  await expect(outcome).toContainText('Baraka Mwangi');
  await expect(outcome).toContainText(programTitle);

  // Re-issue with a corrected name, from the keyboard: same code, no second mail.
  await openRoster(page);
  await page.getByRole('button', { name: 'Re-issue the certificate of Baraka Mwangi' }).focus();
  await page.keyboard.press('Enter');
  const reissue = page.getByRole('dialog', { name: 'Re-issue the certificate of Baraka Mwangi' });
  const name = reissue.getByLabel('Name as printed');
  await expect(name).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Baraka Njoroge Mwangi');
  await page.keyboard.press('Tab');
  await expect(reissue.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('Second name left out at checkout');
  await reissue.getByRole('button', { name: 'Re-issue' }).focus();
  await page.keyboard.press('Enter');
  await expect(reissue).toBeHidden();
  await expect(certificatesTable(page).getByRole('row', { name: /Baraka Njoroge Mwangi/ })).toContainText(printed);

  // Staff download the PDF: the new name, the same code.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF of the certificate of Baraka Njoroge Mwangi' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`certificate-${printed}.pdf`);
  const staffPdf = new Uint8Array(await readFile((await download.path())!));
  expect(await pdfText(staffPdf.slice())).toContain('Baraka Njoroge Mwangi');
  expect(await pdfQrCode(staffPdf)).toBe(verifyUrl);
  const outbox = await serviceRole.from('mail_outbox').select('id').eq('certificate_id', certificate!.id);
  expect(outbox.data).toHaveLength(1);

  // Revoke with a reason.
  await page.getByRole('button', { name: 'Revoke the certificate of Baraka Njoroge Mwangi' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke the certificate of Baraka Njoroge Mwangi?' });
  await revoke.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(revoke.getByText('Say why the certificate is revoked.')).toBeVisible();
  await revoke.getByLabel('Reason').fill('Attendance sheet found to be wrong');
  await revoke.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(revoke).toBeHidden();
  await expect(certificatesTable(page).getByRole('row', { name: /Baraka Njoroge Mwangi/ })).toContainText(
    'Attendance sheet found to be wrong',
  );

  await page.goto(verifyUrl);
  await expect(page.getByRole('status')).toContainText('Revoked. This certificate was revoked on', {
    timeout: 15_000,
  });

  // One character changed: caught by the check symbol, no look-up.
  let lookups = 0;
  page.on('request', (request) => {
    if (request.url().includes('/rpc/verify_certificate')) lookups += 1;
  });
  await page.goto(`/verify/${formatCertificateCode(withOneChange(certificate!.code, 4))}`);
  await expect(page.getByText(/This code has a typing error/)).toBeVisible();
  expect(lookups).toBe(0);

  // A valid-looking code that was never issued.
  let unknown = generateCertificateCode();
  while (unknown === certificate!.code) unknown = generateCertificateCode();
  await page.goto(`/verify/${formatCertificateCode(unknown)}`);
  await expect(page.getByRole('status')).toContainText(
    `Not found. No certificate has the code ${formatCertificateCode(unknown)}`,
    { timeout: 15_000 },
  );
});

for (const theme of ['light', 'dark'] as const) {
  test(`the certificates section and its dialogs have no WCAG 2.1 A/AA violations (${theme})`, async ({
    page,
    setTheme,
    stack,
  }) => {
    // The certificate as issued (the test above revoked it): its Re-issue and Revoke are offered.
    await withDatabase(stack, (db) =>
      db.query(
        `update public.certificates set revoked_at = null, revoked_by = null, revoked_reason = null
                 where intake_id = $1`,
        [intakeId],
      ),
    );
    await setTheme(page, theme);
    await signInAsStaff(page, staff);
    await openRoster(page);
    await expect(certificatesTable(page)).toBeVisible();
    await settle(page);
    await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
    const scan = theme === 'light' ? scanAllRules : scanThemeDependentRules;
    const { violations } = await scan(page);
    expect(violations.length, describeViolations(violations)).toBe(0);
    for (const action of ['Re-issue', 'Revoke']) {
      await page.getByRole('button', { name: new RegExp(`^${action} the certificate of `) }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const inDialog = await scan(page);
      expect(inDialog.violations.length, describeViolations(inDialog.violations)).toBe(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }
  });
}
