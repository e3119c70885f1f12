/**
 * Early-bird prices in the browser (issue 30, item 2): the catalogue, the program page and the
 * cart show the price that applies and until when, the checkout charges it, and the confirmation,
 * its e-mail and the pro-forma invoice show the line's early-bird price with the regular one
 * beside it. (Before and after the deadline with a moved clock: tests/integration/early-bird.test.ts.)
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { expect, test, type StackInfo } from './fixtures.ts';
import { capturedAttachment, capturedMail } from '../support/mail-capture.ts';
import { pdfText } from '../support/pdf-text.ts';
import { cartProgram, fillDetails, freshEmail, storeCart } from './support/checkout.ts';
import { openHydrated } from './support/hydrated.ts';
import { allowManyOrders } from './support/orders.ts';
import { signInAsStaff } from './support/staff.ts';

test.beforeAll(async ({ stack }) => allowManyOrders(stack));

/** 10 days from now, at 23:59 Nairobi time (20:59 UTC), as staff would set it. */
function deadline(): { iso: string; words: RegExp } {
  const at = new Date(Date.now() + 10 * 86_400_000);
  at.setUTCHours(20, 59, 0, 0);
  const day = new Intl.DateTimeFormat('en-KE', {
    timeZone: 'Africa/Nairobi',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(at);
  return { iso: at.toISOString(), words: new RegExp(`until ${day}, 23:59`) };
}

/** A training program of the test's own, as staff would add it: the fields each test cares about over a fixture's. */
async function fixtureProgram(
  serviceRole: SupabaseClient<Database>,
  fields: { title: string; slug: string } & Partial<Database['public']['Tables']['training_programs']['Insert']>,
): Promise<{ id: string; slug: string }> {
  const program = await serviceRole
    .from('training_programs')
    .insert({
      category: 'Leadership',
      focus: 'Early-bird fixture',
      description: 'Early-bird fixture',
      duration: '2 days',
      price_amount: 1250,
      currency: 'USD',
      ...fields,
    })
    .select('id, slug')
    .single();
  if (program.error) throw new Error(program.error.message);
  return program.data;
}

/** Removes a fixture program with its orders and intakes (orders are not for the service role to delete). */
async function removeProgram(stack: StackInfo, programId: string): Promise<void> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `delete from public.orders where id in (select order_id from public.order_items where program_id = $1)`,
      [programId],
    );
    await db.query('delete from public.program_intakes where program_id = $1', [programId]);
    await db.query('delete from public.training_programs where id = $1', [programId]);
  } finally {
    await db.end();
  }
}

test('the catalogue, the program page and the cart show the early-bird price and its deadline; the order is charged it', async ({
  page,
  stack,
  serviceRole,
}) => {
  test.setTimeout(120_000);
  const suffix = randomBytes(4).toString('hex');
  const until = deadline();
  const title = `Early-bird fixture ${suffix}`;
  const program = await fixtureProgram(serviceRole, {
    title,
    slug: `early-bird-${suffix}`,
    is_published: true,
    early_bird_price: 1000,
    early_bird_until: until.iso,
  });
  try {
    await openHydrated(page, `/training/${program.slug}`);
    const fee = page.getByRole('definition').filter({ hasText: 'USD 1,000' });
    await expect(fee).toContainText(/^USD\s1,000/);
    await expect(fee).toContainText(until.words);
    await expect(fee).toContainText(/then USD\s1,250/);

    // The catalogue's card shows the same, and its Add to cart keeps the deadline with the price.
    await openHydrated(page, `/training?q=${suffix}`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    const cardFee = card.getByRole('definition').filter({ hasText: 'USD 1,000' });
    await expect(cardFee).toContainText(/^USD\s1,000/);
    await expect(cardFee).toContainText(until.words);
    await expect(cardFee).toContainText(/then USD\s1,250/);

    await card.getByRole('button', { name: `Add to cart: ${title}` }).click();
    await expect(page.getByRole('link', { name: `In your cart — view cart: ${title}` })).toBeVisible();
    await openHydrated(page, '/cart');
    const cartLine = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    const unitPrice = cartLine.getByRole('paragraph').filter({ hasText: 'Unit price' });
    await expect(unitPrice).toContainText(/USD\s1,000/);
    await expect(unitPrice).toContainText(until.words);

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page.getByText(until.words)).toBeVisible();
    await page.getByRole('button', { name: 'Continue to your details' }).click();
    const email = freshEmail('early-bird');
    await fillDetails(page, email);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
    await expect(page.getByText(/1 seat × USD\s1,000; early-bird price \(regular USD\s1,250\)/)).toBeVisible();
    await expect(page.getByTestId('total-usd')).toHaveText(/^USD\s1,000\.00$/);

    // The confirmation e-mail and its pro-forma invoice word the line the same way.
    await expect
      .poll(async () => (await capturedMail(stack.mailApiUrl, { to: email })).length, { timeout: 90_000 })
      .toBeGreaterThan(0);
    const [mail] = await capturedMail(stack.mailApiUrl, { to: email });
    expect(mail!.text).toMatch(/1 x USD\s1,000\.00 = USD\s1,000\.00\n {2}Early-bird price \(regular USD\s1,250\)/);
    const pdf = await pdfText(await capturedAttachment(stack.mailApiUrl, mail!.id, 0));
    expect(pdf.replace(/\s+/g, ' ')).toContain('Early-bird price (regular USD 1,250)');
  } finally {
    await removeProgram(stack, program.id);
  }
});

test('at checkout, choosing an intake with an early-bird of its own changes the amount to pay to what the order charges', async ({
  page,
  stack,
  serviceRole,
}) => {
  test.setTimeout(120_000);
  const suffix = randomBytes(4).toString('hex');
  const until = deadline();
  const program = await fixtureProgram(serviceRole, {
    title: `Intake early-bird fixture ${suffix}`,
    slug: `intake-early-bird-${suffix}`,
    is_published: true,
  });
  const startsOn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const intakes = await serviceRole
    .from('program_intakes')
    .insert([
      {
        program_id: program.id,
        starts_on: startsOn(30),
        ends_on: startsOn(30),
        is_online: true,
        capacity: 10,
        is_published: true,
      },
      {
        program_id: program.id,
        starts_on: startsOn(40),
        ends_on: startsOn(40),
        is_online: true,
        capacity: 10,
        is_published: true,
        early_bird_price: 900,
        early_bird_until: until.iso,
      },
    ])
    .select('id, early_bird_price');
  if (intakes.error) throw new Error(intakes.error.message);
  try {
    await storeCart(page, [{ program: await cartProgram(serviceRole, program.slug), quantity: 2 }]);
    await openHydrated(page, '/checkout');
    await page.getByRole('button', { name: 'Continue to your details' }).click();
    const toPay = page.getByText(/^To pay:/);
    // The first intake has seats and the program's price.
    await expect(toPay).toContainText(/USD\s2,500\.00/);
    const intake = page.getByRole('combobox', { name: 'Intake' });
    const earlyOption = intake.getByRole('option', { name: /early-bird USD\s900/ });
    await expect(earlyOption).toContainText(until.words);
    await intake.selectOption({ label: (await earlyOption.textContent())! });
    await expect(toPay).toContainText(/USD\s1,800\.00/);
    await expect(toPay).toContainText(/KES\s232,488\.00/);

    await fillDetails(page, freshEmail('intake-early-bird'));
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?token=/, { timeout: 15_000 });
    await expect(page.getByTestId('total-usd')).toHaveText(/^USD\s1,800\.00$/);
  } finally {
    await removeProgram(stack, program.id);
  }
});

test('staff set a program’s early-bird price and deadline beside its price; one not below the price is refused in words', async ({
  page,
  stack,
  serviceRole,
}) => {
  test.setTimeout(120_000);
  const suffix = randomBytes(4).toString('hex');
  const program = await fixtureProgram(serviceRole, {
    title: `Early-bird admin fixture ${suffix}`,
    slug: `early-bird-admin-${suffix}`,
    price_amount: 42500,
    currency: 'KES',
  });
  try {
    await signInAsStaff(page);
    await page.goto(`/admin/training-programs/${program.id}`);
    const amount = page.getByLabel('Early-bird amount (optional)', { exact: true });
    const until = page.getByLabel('Early-bird until (Nairobi time)', { exact: true });
    await amount.fill('42,500');
    await until.fill('2027-02-01T23:59');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The early-bird price must be below the regular price.')).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');

    await amount.fill('38,000');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved “' }).first()).toBeVisible();
    const saved = await serviceRole
      .from('training_programs')
      .select('early_bird_price, early_bird_until')
      .eq('id', program.id)
      .single();
    // 23:59 in Nairobi is 20:59 UTC.
    expect(saved.data).toEqual({ early_bird_price: 38000, early_bird_until: '2027-02-01T20:59:00+00:00' });
  } finally {
    await removeProgram(stack, program.id);
  }
});
