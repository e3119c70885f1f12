/**
 * The admin's CSV exports as a spreadsheet reads them: a phone stays a phone (not '+254…), times
 * are Nairobi time to the second with the zone in the header, the orders CSV names the lines and
 * participants, and each intake's participants export from the program's page.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { expect, test, type StackInfo } from './fixtures.ts';
import { csvRows } from './support/csv.ts';
import { allowManyOrders } from './support/orders.ts';
import { signInAsStaff } from './support/staff.ts';

const placedAtHeader = 'Placed at (EAT, UTC+03:00)';

/** A published program of this test's own with one intake, and an order of two seats on it by phone 0711 000 222. */
async function arrange(stack: StackInfo, serviceRole: ReturnType<typeof createClient<Database>>) {
  const tag = randomUUID().slice(0, 8);
  const title = `E2E export program ${tag}`;
  const program = await serviceRole
    .from('training_programs')
    .insert({
      title,
      slug: `e2e-export-${tag}`,
      category: 'Leadership',
      focus: 'Exports',
      description: 'A program for the export checks.',
      duration: '2 days',
      delivery_mode: 'in-person',
      price_amount: 100,
      currency: 'USD',
      is_published: true,
    })
    .select('id')
    .single();
  if (program.error) throw new Error(program.error.message);
  const intake = await serviceRole
    .from('program_intakes')
    .insert({
      program_id: program.data.id,
      starts_on: '2027-02-08',
      ends_on: '2027-02-09',
      is_online: false,
      venue: 'Nairobi',
      capacity: 20,
      is_published: true,
    })
    .select('id')
    .single();
  if (intake.error) throw new Error(intake.error.message);
  await allowManyOrders(stack);
  const anon = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const order = await anon
    .rpc('create_order', {
      idempotency_key: randomUUID(),
      buyer_name: 'Otieno Export',
      buyer_email: `buyer-${tag}@example.com`,
      buyer_phone: '0711 000 222',
      payment_method: 'invoice',
      accepted_terms: true,
      items: [
        {
          program_id: program.data.id,
          intake_id: intake.data.id,
          quantity: 2,
          participants: [{ name: 'Achieng Otieno', email: `achieng-${tag}@example.com` }, { name: 'Brian Mwangi' }],
        },
      ],
    })
    .single();
  if (order.error) throw new Error(order.error.message);
  const placed = await serviceRole.from('orders').select('created_at').eq('reference', order.data.reference).single();
  if (placed.error) throw new Error(placed.error.message);
  return { tag, title, programId: program.data.id, reference: order.data.reference, createdAt: placed.data.created_at };
}

async function download(page: Page, button: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return csvRows(file);
}

/** `iso` as Nairobi wall-clock time to the second ("2026-11-27 21:05:09"), computed apart from the app. */
function nairobiSeconds(iso: string): string {
  return new Date(new Date(iso).getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

test('the orders CSV: the phone as stored, Nairobi time to the second, the lines and the participants', async ({
  page,
  stack,
  serviceRole,
}) => {
  const placed = await arrange(stack, serviceRole);
  try {
    await signInAsStaff(page);
    await page.goto(`/admin/orders?q=${placed.reference}`);
    await expect(page.getByRole('cell', { name: placed.reference })).toBeVisible();
    const rows = await download(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.Phone).toBe('+254711000222');
    expect(row?.[placedAtHeader]).toBe(nairobiSeconds(placed.createdAt));
    expect(row?.Lines).toBe(`${placed.title} (Mon, 8 – Tue, 9 Feb 2027) × 2`);
    expect(row?.Participants).toBe(`Achieng Otieno <achieng-${placed.tag}@example.com>; Brian Mwangi`);
  } finally {
    await serviceRole.from('training_programs').update({ is_published: false }).eq('id', placed.programId);
  }
});

test("an intake's participants export as CSV from the program's page", async ({ page, stack, serviceRole }) => {
  const placed = await arrange(stack, serviceRole);
  try {
    await signInAsStaff(page);
    await page.goto(`/admin/training-programs/${placed.programId}`);
    const rows = await download(
      page,
      page.getByRole('button', { name: /^Export the participants of the intake 8 Feb 2027/ }),
    );
    await expect(page.getByRole('status').filter({ hasText: 'Exported 2 participants.' }).first()).toBeVisible();
    expect(rows.map((row) => [row.Participant, row['Participant e-mail']])).toEqual([
      ['Achieng Otieno', `achieng-${placed.tag}@example.com`],
      ['Brian Mwangi', ''],
    ]);
    for (const row of rows)
      expect(row).toMatchObject({
        'Order reference': placed.reference,
        'Order status': 'pending',
        Buyer: 'Otieno Export',
        'Buyer phone': '+254711000222',
        'Ordered at (EAT, UTC+03:00)': nairobiSeconds(placed.createdAt),
      });
  } finally {
    await serviceRole.from('training_programs').update({ is_published: false }).eq('id', placed.programId);
  }
});
