/**
 * Customer accounts end to end (issue 28, done-when's account part): a visitor orders at the
 * checkout and registers for an event without an account; later signs in on /account/sign-in with
 * the code from the local mail capture and finds the order (invoice link, participants), a pending
 * order's way to pay, the registration and a certificate; changes a participant's name (the
 * database has it); another customer sees none of it; a customer session gets nothing from /admin;
 * the account pages pass axe in both themes. An order placed "names later" (an accepted quote's)
 * offers "Name participants" on /account until its seats are named.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { expect, test, type Theme } from './fixtures.ts';
import { describeViolations, scanAllRules, scanThemeDependentRules, type AxeResults } from './support/axe-scan.ts';
import { cartProgram, fillDetails, freshEmail, storeCart } from './support/checkout.ts';
import { allowManyRequests, makeEvent } from './support/engage.ts';
import { pdfText } from '../support/pdf-text.ts';
import { openHydrated } from './support/hydrated.ts';
import { mailedCode, signInWithCode } from './support/customer.ts';
import { allowManyOrders, placeOrder } from './support/orders.ts';
import { settle } from './support/settle.ts';
import type { StackInfo } from './support/stack-info.ts';
import { createStaffUser } from './support/staff.ts';

test.beforeAll(async ({ stack }) => {
  await allowManyOrders(stack);
  await allowManyRequests(stack);
});

async function withDatabase<T>(stack: StackInfo, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

async function customerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('order and register without an account, sign in with the mailed code, see it all and rename a participant', async ({
  page,
  stack,
  serviceRole,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = freshEmail('customer');

  // 1. An order at the checkout, as a visitor.
  await storeCart(page, [{ program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 2 }]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await fillDetails(page, email);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 20_000 });
  const { data: order, error } = await serviceRole
    .from('orders')
    .select('id, reference, confirmation_token, order_items(id, intake_id, order_participants(id, full_name))')
    .eq('customer_email', email)
    .single();
  if (error || !order) throw new Error(`the order: ${error?.message}`);
  const line = order.order_items[0]!;
  const renamed = line.order_participants.find((p) => p.full_name === 'Baraka Mwangi')!;

  // Paid the way the workflow allows, on an intake that starts in the future (a new one of its own).
  await withDatabase(stack, async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.program_intakes (program_id, starts_on, ends_on, venue, capacity, is_published)
       select program_id, current_date + 60, current_date + 62, 'Nairobi', 30, true from public.order_items where id = $1
       returning id`,
      [line.id],
    );
    await db.query('update public.order_items set intake_id = $1 where id = $2', [rows[0]!.id, line.id]);
  });
  for (const change of [
    { status: 'confirmed' },
    {
      status: 'paid',
      payment_reference: 'KCB-TRF-ACCOUNT',
      payment_reference_method: 'bank',
      payment_recorded_at: new Date().toISOString(),
    },
  ]) {
    const moved = await serviceRole.from('orders').update(change).eq('id', order.id);
    if (moved.error) throw new Error(moved.error.message);
  }
  // A second order, still pending: the account offers the way to pay it.
  const pending = await placeOrder(stack, { email, paymentMethod: 'mpesa' });

  // 2. An event registration through the site.
  const event = await makeEvent(stack, 5);
  await openHydrated(page, `/events/${event.slug}/register`);
  await page.getByRole('textbox', { name: 'Full name' }).fill('Achieng Otieno');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone' }).fill('0712 345 678');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();

  // 3. A certificate for the participant (issued as staff would, in the database).
  const certificateCode = await withDatabase(stack, async (db) => {
    const { rows } = await db.query<{ code: string }>(
      `insert into public.certificates (code, participant_id, intake_id, program_id, program_title, holder_name, starts_on, ends_on)
       select private.new_certificate_code(), p.id, i.intake_id, i.program_id, i.title, p.full_name, pi.starts_on, pi.ends_on
         from public.order_participants p join public.order_items i on i.id = p.order_item_id
         join public.program_intakes pi on pi.id = i.intake_id
        where p.id = $1
       returning code`,
      [renamed.id],
    );
    return rows[0]!.code;
  });

  // 4. Signed out, /account sends the visitor to the sign-in; a wrong code is refused in words.
  await openHydrated(page, '/account');
  await expect(page).toHaveURL(/\/account\/sign-in$/);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const codeField = page.getByRole('textbox', { name: 'Code from the e-mail' });
  await expect(codeField).toBeFocused();
  const code = await mailedCode(stack, email);
  await codeField.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(codeField).toHaveAccessibleDescription(/This code is wrong, used or expired/);
  await expect(codeField).toBeFocused();
  // The right code still signs in.
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();

  // 5. The orders: the paid one with its invoice and participants, the pending one with its way to pay.
  const paidOrder = page.getByRole('article', { name: `Order ${order.reference}` });
  await expect(paidOrder).toContainText('Paid');
  await expect(paidOrder.getByRole('link', { name: `Invoice (PDF) for order ${order.reference}` })).toHaveAttribute(
    'href',
    new RegExp(`/functions/v1/order-invoice\\?token=${order.confirmation_token}$`),
  );
  // Its payment's receipt (issued when finance recorded the bank transfer), by the order's token.
  const receipt = await serviceRole
    .from('payment_receipts')
    .select('document_number')
    .eq('order_id', order.id)
    .single();
  if (receipt.error) throw new Error(receipt.error.message);
  const receiptLink = paidOrder.getByRole('link', {
    name: `Receipt ${receipt.data.document_number} (PDF) for order ${order.reference}`,
  });
  const receiptPdf = await page.request.get((await receiptLink.getAttribute('href'))!);
  expect(receiptPdf.status()).toBe(200);
  const receiptText = await pdfText(new Uint8Array(await receiptPdf.body()));
  expect(receiptText).toContain(`Number: ${receipt.data.document_number}`);
  expect(receiptText).toContain('Bank reference KCB-TRF-ACCOUNT');
  // Its tax invoice, issued when it was paid, by the order's token too.
  const invoice = await serviceRole
    .from('tax_documents')
    .select('document_number')
    .eq('order_id', order.id)
    .eq('kind', 'tax_invoice')
    .single();
  if (invoice.error) throw new Error(invoice.error.message);
  const invoiceLink = paidOrder.getByRole('link', {
    name: `Tax invoice ${invoice.data.document_number} (PDF) for order ${order.reference}`,
  });
  const invoicePdf = await page.request.get((await invoiceLink.getAttribute('href'))!);
  expect(invoicePdf.status()).toBe(200);
  expect(await pdfText(new Uint8Array(await invoicePdf.body()))).toContain(invoice.data.document_number);
  const pendingOrder = page.getByRole('article', { name: `Order ${pending.reference}` });
  await expect(pendingOrder).toContainText('Awaiting payment');
  await expect(pendingOrder.getByRole('link', { name: `Pay now for order ${pending.reference}` })).toHaveAttribute(
    'href',
    `/order-confirmation?token=${encodeURIComponent(pending.token)}`,
  );
  const registrations = page.getByRole('region', { name: 'Event registrations' });
  await expect(registrations).toContainText(event.title);
  await expect(registrations.getByRole('link', { name: `Cancel the registration for ${event.title}` })).toBeVisible();
  const certificates = page.getByRole('region', { name: 'Certificates' });
  await expect(certificates).toContainText('Baraka Mwangi');
  const printed = certificateCode.match(/.{1,4}/g)!.join('-');
  await expect(certificates.getByRole('link', { name: `Verify certificate ${printed}` })).toHaveAttribute(
    'href',
    `/verify/${printed}`,
  );
  await expect(certificates.getByRole('link', { name: /^Add to LinkedIn/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME/,
  );
  const download = page.waitForEvent('download');
  await certificates.getByRole('button', { name: `PDF of certificate ${printed}` }).click();
  expect((await download).suggestedFilename()).toBe(`certificate-${printed}.pdf`);
  await expect(page.getByRole('link', { name: 'Your data' })).toHaveAttribute('href', '/account/data');

  // 6. A participant's new name, from the keyboard; the database has it.
  await paidOrder.getByRole('button', { name: 'Change the name of Baraka Mwangi' }).click();
  const newName = paidOrder.getByRole('textbox', { name: 'New name for Baraka Mwangi' });
  await expect(newName).toBeFocused();
  await newName.fill('Baraka Njoroge Mwangi');
  await newName.press('Enter');
  await expect(paidOrder.getByRole('list', { name: /^Participants/ })).toContainText('Baraka Njoroge Mwangi');
  const { data: participant } = await serviceRole
    .from('order_participants')
    .select('full_name')
    .eq('id', renamed.id)
    .single();
  expect(participant?.full_name).toBe('Baraka Njoroge Mwangi');

  // 7. The customer's session opens nothing in /admin.
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'This account has no access to the admin area' })).toBeVisible();
  await expect(page.getByText(order.reference)).toHaveCount(0);

  // 8. Another customer sees none of it.
  const other = await customerPage(browser, baseURL);
  const otherEmail = freshEmail('other-customer');
  await signInWithCode(other, stack, otherEmail);
  await expect(other.getByText('You have no orders with this address yet.')).toBeVisible();
  await expect(other.getByText(order.reference)).toHaveCount(0);
  await expect(other.getByText(event.title)).toHaveCount(0);
  // Signed out: a code (the account is confirmed now: a magic-link code), then another within the
  // minute, refused with the wait Auth names.
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(other).toHaveURL(/\/account\/sign-in$/);
  await other.getByRole('textbox', { name: 'E-mail' }).fill(otherEmail);
  await other.getByRole('button', { name: 'Send me a code' }).click();
  await other.getByRole('button', { name: 'Use another address or send a new code' }).click();
  await expect(other.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
  await other.getByRole('textbox', { name: 'E-mail' }).fill(otherEmail);
  await other.getByRole('button', { name: 'Send me a code' }).click();
  await expect(other.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
    /^A code was sent a moment ago\. You can ask for a new one in \d+ seconds?\.$/,
  );
  await other.context().close();

  // 9. Signing out ends on the sign-in page.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/account\/sign-in$/);
});

const scan: Record<Theme, (page: Page) => Promise<AxeResults>> = {
  light: scanAllRules,
  dark: scanThemeDependentRules,
};

async function expectNoViolations(page: Page, theme: Theme, what: string) {
  await settle(page);
  const { violations } = await scan[theme](page);
  expect(violations.length, `${what} (${theme}):\n${describeViolations(violations)}`).toBe(0);
}

for (const theme of ['light', 'dark'] as const) {
  test(`the account pages pass axe (${theme})`, async ({ page, setTheme, stack }) => {
    test.setTimeout(90_000);
    await setTheme(page, theme);
    const email = freshEmail(`axe-${theme}`);
    await placeOrder(stack, { email });
    await openHydrated(page, '/account/sign-in');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
    await expectNoViolations(page, theme, 'sign-in with an error');
    await signInWithCode(page, stack, email);
    await expect(page.getByRole('article', { name: /^Order ASC-/ })).toBeVisible();
    await expectNoViolations(page, theme, 'account');
  });
}

test("a signed-in customer's details, saved on /account, fill in the checkout", async ({
  page,
  stack,
  serviceRole,
}) => {
  test.setTimeout(90_000);
  const email = freshEmail('prefill');
  await signInWithCode(page, stack, email);
  const details = page.getByRole('region', { name: 'Your details' });
  await details.getByRole('textbox', { name: 'Full name' }).fill('Wanjiru Kamau');
  await details.getByRole('textbox', { name: 'Phone' }).fill('0712 345 678');
  await details.getByRole('textbox', { name: 'Organisation' }).fill('Kamau Holdings');
  await details.getByRole('button', { name: 'Save my details' }).click();
  await expect(details.getByRole('status')).toHaveText('Your details are saved.');
  // Kept in the account's metadata, which grants nothing (no staff row).
  const { data: users } = await serviceRole.auth.admin.listUsers({ perPage: 1000 });
  const user = users.users.find((u) => u.email === email);
  expect(user?.user_metadata).toMatchObject({ fullName: 'Wanjiru Kamau', organisation: 'Kamau Holdings' });

  await storeCart(page, [{ program: await cartProgram(serviceRole, 'women-in-leadership'), quantity: 1 }]);
  await openHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Wanjiru Kamau');
  await expect(page.getByRole('textbox', { name: /^Phone/ })).toHaveValue('0712 345 678');
  await page.getByRole('checkbox', { name: 'Buying for an organisation' }).check();
  await expect(page.getByRole('textbox', { name: 'Organisation name' })).toHaveValue('Kamau Holdings');
});

test('the newsletter from the account: subscribe (double opt-in), then the unsubscribe link', async ({
  page,
  stack,
  serviceRole,
}) => {
  test.setTimeout(90_000);
  const email = freshEmail('newsletter');
  await signInWithCode(page, stack, email);
  const newsletter = page.getByRole('region', { name: 'Newsletter' });
  await expect(newsletter).toContainText('Not subscribed');
  await newsletter.getByRole('button', { name: `Subscribe with ${email}` }).click();
  await expect(newsletter.getByRole('status')).toHaveText('Successfully subscribed to our newsletter!');
  await page.reload();
  await expect(newsletter).toContainText('Waiting for you to confirm');
  const { data: row } = await serviceRole.from('newsletter_subscribers').select('token').eq('email', email).single();
  await expect(newsletter.getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute(
    'href',
    `/unsubscribe?token=${encodeURIComponent(row!.token)}`,
  );
});

test('a staff member who signs in with an e-mailed code gets their customer account, and /admin says to use the staff sign-in', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000);
  const staff = await createStaffUser(stack);
  await signInWithCode(page, stack, staff.email);
  await openHydrated(page, '/admin/orders');
  // Not the second step on /login: a code's session is never staff (the database agrees).
  await expect(page.getByRole('heading', { name: 'This account has no access to the admin area' })).toBeVisible();
  await expect(page.getByText('with a code sent by e-mail, which opens your customer account only')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/orders$/);
});

test('an order placed "names later": the buyer follows "Name participants" from /account and names the seats', async ({
  page,
  stack,
  serviceRole,
}) => {
  test.setTimeout(120_000);
  const email = freshEmail('names-later');
  const suffix = randomBytes(4).toString('hex');
  const programTitle = `Named Later ${suffix}`;
  const program = await serviceRole
    .from('training_programs')
    .insert({
      title: programTitle,
      slug: `named-later-${suffix}`,
      category: 'Leadership',
      focus: 'Names later fixture',
      description: 'Names later fixture',
      duration: '2 days',
      price_amount: 1000,
      currency: 'KES',
      is_published: true,
    })
    .select('id')
    .single();
  if (program.error) throw new Error(program.error.message);
  const startsOn = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  const intake = await serviceRole
    .from('program_intakes')
    .insert({
      program_id: program.data.id,
      starts_on: startsOn,
      ends_on: startsOn,
      venue: 'Nairobi',
      capacity: 10,
      is_published: true,
    })
    .select('id')
    .single();
  if (intake.error) throw new Error(intake.error.message);
  // A sent quote for 2 seats (as /admin/quotes makes one: quotes.spec.ts), accepted with no names.
  const token = randomBytes(32).toString('base64url');
  const quote = await serviceRole
    .from('quotes')
    .insert({
      reference: `QUO-E2E-${suffix}`,
      organisation: 'Tana Water Services',
      contact_name: 'Achieng Otieno',
      contact_email: email,
      currency: 'KES',
      valid_until: startsOn,
      state: 'sent',
      sent_at: new Date().toISOString(),
      token,
    })
    .select('id')
    .single();
  if (quote.error) throw new Error(quote.error.message);
  const line = await serviceRole.from('quote_lines').insert({
    quote_id: quote.data.id,
    position: 1,
    program_id: program.data.id,
    intake_id: intake.data.id,
    title: programTitle,
    seats: 2,
    unit_price: 1000,
  });
  if (line.error) throw new Error(line.error.message);
  const accepted = await serviceRole.rpc('accept_quote', { token, po_number: 'LPO-ACCOUNT-1' });
  if (accepted.error) throw new Error(accepted.error.message);
  const reference = accepted.data[0]!.reference;

  try {
    // /account: the order's seats are unnamed, and the link to name them is there.
    await signInWithCode(page, stack, email);
    const order = page.getByRole('article', { name: `Order ${reference}` });
    await expect(order).toContainText('2 seats not named yet');
    const link = order.getByRole('link', { name: `Name participants for order ${reference}` });
    await expect(link).toHaveAttribute('href', `/quote/${token}/participants`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/quote/${token}/participants$`));

    // The participants page names one seat, then shows the name.
    const names = page.getByLabel(`Participants for ${programTitle} (0 of 2 named)`);
    await names.fill('Wanjiru Kamau');
    await page.getByRole('button', { name: 'Save the participants' }).click();
    await expect(page.getByText('The participants are saved.')).toBeVisible();
    await expect(page.getByLabel(`Participants for ${programTitle} (1 of 2 named)`)).toHaveValue(/Wanjiru Kamau/);
    const { data: roster } = await serviceRole
      .from('order_participants')
      .select('full_name, order_items!inner(orders!inner(reference))')
      .eq('order_items.orders.reference', reference);
    expect((roster ?? []).map((row) => row.full_name)).toEqual(['Wanjiru Kamau']);

    // Back on /account: the name, one seat still to name, the link still there; once both are named, none.
    await openHydrated(page, '/account');
    await expect(order.getByRole('list', { name: `Participants, ${programTitle}` })).toContainText('Wanjiru Kamau');
    await expect(order).toContainText('1 seat not named yet');
    await order.getByRole('link', { name: `Name participants for order ${reference}` }).click();
    const second = page.getByLabel(`Participants for ${programTitle} (1 of 2 named)`);
    await second.fill('Wanjiru Kamau\nOtieno Ouma');
    await page.getByRole('button', { name: 'Save the participants' }).click();
    await expect(page.getByLabel(`Participants for ${programTitle} (2 of 2 named)`)).toBeVisible();
    await openHydrated(page, '/account');
    await expect(order.getByRole('list', { name: `Participants, ${programTitle}` })).toContainText('Otieno Ouma');
    await expect(order.getByRole('link', { name: /^Name participants/ })).toHaveCount(0);
  } finally {
    const order = await serviceRole.from('quotes').select('order_id').eq('id', quote.data.id).single();
    await serviceRole.from('quotes').delete().eq('id', quote.data.id);
    if (order.data?.order_id) await serviceRole.from('orders').delete().eq('id', order.data.order_id);
    await serviceRole.from('training_programs').delete().eq('id', program.data.id);
  }
});
