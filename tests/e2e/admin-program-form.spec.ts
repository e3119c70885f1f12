/**
 * The program form as staff fill it: the slug made from the title (as an event's), a price written
 * "42,500", the category chosen from those in use (a new one only through "Add a new category…"),
 * and an intake starting in the past refused in words.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './support/staff.ts';

/** A date `days` from today in Nairobi ('2026-12-01'). */
function nairobiDate(days: number): string {
  return new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

test('a new program: slug from the title, "42,500" taken, category chosen, an intake in the past refused', async ({
  page,
  serviceRole,
}) => {
  const tag = randomUUID().slice(0, 8);
  const title = `E2E Pricing & Budgets ${tag}`;
  await signInAsStaff(page);
  await page.goto('/admin/training-programs/new');
  await page.getByLabel('Title').fill(title);
  await expect(page.getByLabel('Slug')).toHaveValue(`e2e-pricing-budgets-${tag}`);

  const category = page.getByRole('combobox', { name: 'Category' });
  await expect(category.getByRole('option', { name: 'Leadership', exact: true })).toHaveCount(1);
  await category.selectOption({ label: 'Add a new category…' });
  await page.getByLabel('Focus').fill('Finance teams');
  await page.getByLabel('Description').fill('Budgets that hold.');
  await page.getByLabel('Duration').fill('2 days');
  await page.getByLabel('Price').fill('42,500');
  await page.getByRole('button', { name: 'Create training program' }).click();
  await expect(page.getByText('Please enter the new category.')).toBeVisible();
  await category.selectOption('Leadership');
  await expect(page.getByLabel('New category')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create training program' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Created “${title}”.` })
      .first(),
  ).toBeVisible();

  const { data: program, error } = await serviceRole
    .from('training_programs')
    .select('id, slug, category, price_amount')
    .eq('title', title)
    .single();
  if (error) throw new Error(error.message);
  try {
    expect(program).toMatchObject({ slug: `e2e-pricing-budgets-${tag}`, category: 'Leadership', price_amount: 42500 });

    await page.getByLabel('Starts on').fill(nairobiDate(-1));
    await page.getByLabel('Ends on').fill(nairobiDate(1));
    await page.getByLabel('Venue').fill('Upper Hill, Nairobi');
    await page.getByRole('button', { name: 'Add intake' }).click();
    await expect(
      page.getByText('This date is in the past: an intake must start today or later (Nairobi time).'),
    ).toBeVisible();
    await expect(page.getByLabel('Starts on')).toHaveAttribute('aria-invalid', 'true');
    const { count } = await serviceRole
      .from('program_intakes')
      .select('id', { count: 'exact', head: true })
      .eq('program_id', program.id);
    expect(count).toBe(0);
  } finally {
    await serviceRole.from('training_programs').delete().eq('id', program.id);
  }
});
