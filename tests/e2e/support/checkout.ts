/** Steps the checkout specs share: a cart stored before the page opens, and the details form filled in. */
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../supabase/database.types.ts';

export interface CartProgram {
  id: string;
  title: string;
  price: string;
}

/** A published program as Add to cart stores it ("USD 1,250"). */
export async function cartProgram(client: SupabaseClient<Database>, slug: string): Promise<CartProgram> {
  const { data, error } = await client
    .from('public_training_programs')
    .select('id, title, price_amount, currency')
    .eq('slug', slug)
    .single();
  if (error || !data) throw new Error(`program ${slug}: ${error?.message}`);
  const amount = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 }).format(Number(data.price_amount));
  return { id: data.id!, title: data.title!, price: `${data.currency} ${amount}` };
}

/** Stores the cart once per tab, before the first page opens (a reload keeps what the app wrote since). */
export async function storeCart(page: Page, items: Array<{ program: CartProgram; quantity: number }>): Promise<void> {
  await page.addInitScript((cart) => {
    if (sessionStorage.getItem('e2e-cart-seeded')) return;
    localStorage.setItem('ascent_cart', cart);
    sessionStorage.setItem('e2e-cart-seeded', '1');
  }, JSON.stringify(items));
}

/** The details every test gives: the buyer (also participant 1), invoice payment, the terms accepted. */
export async function fillDetails(
  page: Page,
  email: string,
  { method = 'Invoice / bank transfer' } = {},
): Promise<void> {
  await page.getByRole('textbox', { name: 'Full name' }).fill('Achieng Otieno');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: /^Phone/ }).fill('+254 712 345 678');
  for (const field of await page.getByRole('textbox', { name: /^Name of participant [2-9]/ }).all())
    await field.fill('Baraka Mwangi');
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('checkbox', { name: 'I accept the terms and conditions of booking.' }).check();
}

export const freshEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
