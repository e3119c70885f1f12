/**
 * Seats are held, not taken (issue 23): one visitor cannot hoard the shop's seats (caps per
 * program, per order and per client's unpaid orders; the same on paid events), and an unpaid
 * order expires by itself when its hold ends, mailing the customer before and after. On a stack
 * of this file's own: the expiry is run with a moved clock (expire_order_holds(at)), which would
 * expire other files' fresh M-Pesa orders on the shared stack.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedMail, type CapturedMessage } from '../support/mail-capture.ts';
import type { Database } from '../../supabase/database.types.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { signedInAccount } from './support/accounts.ts';
import { clientFrom, loopbackAddress } from './support/client-address.ts';
import { day, line, makeIntake, makeProgram, orderArgs, type OrderArgs } from './support/orders.ts';

type Client = SupabaseClient<Database>;

let stack: TestStack;
let admin: Client;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  stack = await startTestStack({ website: false });
  admin = createClient<Database>(stack.info.apiUrl, stack.info.serviceRoleKey, { auth: { persistSession: false } });
}, 120_000);

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await stack?.stop();
});

/** An anonymous visitor with an address of its own. */
function visitor(): Client {
  const { client, close } = clientFrom(loopbackAddress(), stack.info.apiUrl, stack.info.anonKey);
  closers.push(close);
  return client;
}

async function place(client: Client, args: OrderArgs) {
  return client.rpc('create_order', args).single();
}

async function seats(intakeId: string) {
  const { data, error } = await admin
    .from('public_program_intakes')
    .select('seats_left, seats_on_hold')
    .eq('id', intakeId)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function mailsTo(address: string): Promise<CapturedMessage[]> {
  return capturedMail(stack.info.mailApiUrl, { to: address });
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

describe('one visitor cannot take the shop’s seats', () => {
  it('refuses a group above the online caps in words, and a fourth unpaid order while three hold 30 seats', async () => {
    const programs = await Promise.all([0, 1, 2, 3].map(() => makeProgram(admin)));
    const intakes = await Promise.all(programs.map((p) => makeIntake(admin, p.id, { capacity: 40 })));
    const hoarder = visitor();

    // The attack as found: 25 seats of a program on "next available intake", invoice (no payment).
    const big = await place(hoarder, orderArgs([line(programs[0]!.id, null, 25)]));
    expect(big.data).toBeNull();
    expect(big.status).toBe(400);
    expect(big.error).toMatchObject({
      details: 'items.0.quantity',
      hint: 'group_booking',
      message:
        'An online order takes at most 10 seats per program. For a larger group, please ask us for a quote through our contact form.',
    });
    // Within the per-program cap, but 30 seats in one order.
    const wide = await place(hoarder, orderArgs(programs.slice(0, 3).map((p) => line(p.id, null, 10))));
    expect(wide.error).toMatchObject({ details: 'items', hint: 'group_booking' });
    expect(wide.error?.message).toContain('at most 20 seats in all');

    // Three orders of 10 are held; the fourth from the same client is refused until they are paid or expire.
    for (const [index, program] of programs.slice(0, 3).entries())
      expect((await place(hoarder, orderArgs([line(program.id, intakes[index]!, 10)]))).error).toBeNull();
    const fourth = await place(hoarder, orderArgs([line(programs[3]!.id, intakes[3]!, 1)]));
    expect(fourth.status).toBe(429);
    expect(fourth.error).toMatchObject({ code: 'PT429', hint: 'too_many_held_seats', details: 'items' });
    expect(fourth.error?.message).toContain('already hold 30 seats');
    expect(await seats(intakes[0]!)).toEqual({ seats_left: 30, seats_on_hold: 10 });
    // Everyone else still buys.
    expect((await place(visitor(), orderArgs([line(programs[3]!.id, intakes[3]!, 2)]))).error).toBeNull();
  });

  it('caps the seats one client holds on a paid event; a real visitor still gets a seat', async () => {
    const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const { data: event, error } = await admin
      .from('events')
      .insert({
        title: `Hold Test Summit ${randomUUID().slice(0, 8)}`,
        description: 'A paid event for the seat-hold tests.',
        venue: 'Ascent Training Centre, Kiambu Road, Nairobi',
        starts_at: `${date}T06:00:00Z`,
        ends_at: `${date}T09:00:00Z`,
        capacity: 25,
        price_amount: 5000,
        currency: 'KES',
        is_published: true,
      })
      .select('slug')
      .single();
    if (error) throw new Error(error.message);
    const register = (client: Client, seatCount: number) =>
      client
        .rpc('register_for_event', {
          event_slug: event.slug,
          name: 'Wanjiru Kamau',
          email: `reg-${randomUUID()}@example.com`,
          phone: '0712 345 678',
          seats: seatCount,
        })
        .single();
    const hoarder = visitor();
    expect((await register(hoarder, 10)).data?.status).toBe('confirmed');
    const second = await register(hoarder, 10);
    expect(second.status).toBe(429);
    expect(second.error).toMatchObject({ hint: 'too_many_held_seats', details: 'seats' });
    expect(second.error?.message).toContain('ask us for a quote');
    expect((await register(visitor(), 10)).data?.status).toBe('confirmed');
    expect((await register(visitor(), 2)).data?.status).toBe('confirmed');
  });
});

describe('an unpaid order expires by itself', () => {
  it(
    'M-Pesa after 30 minutes, invoice after 72 hours: reminded once, then expired, seats back, mailed',
    { timeout: 120_000 },
    async () => {
      const program = await makeProgram(admin, { price_amount: 5000, currency: 'KES' });
      const intake = await makeIntake(admin, program.id, { capacity: 6 });
      const buyer = `hold-${randomUUID()}@example.com`;
      const client = visitor();
      const phone = await place(
        client,
        orderArgs([line(program.id, intake, 4)], { payment_method: 'mpesa_express', buyer_email: buyer }),
      );
      const invoice = await place(client, orderArgs([line(program.id, intake, 2)], { payment_method: 'invoice' }));
      expect(phone.error).toBeNull();
      expect(invoice.error).toBeNull();
      expect(await seats(intake)).toEqual({ seats_left: 0, seats_on_hold: 6 });
      const order = await admin
        .from('orders')
        .select('id, payment_choice, hold_until, created_at')
        .eq('reference', phone.data!.reference)
        .single();
      expect(order.data).toMatchObject({ payment_choice: 'mpesa_express' });
      const held = Date.parse(order.data!.hold_until!) - Date.parse(order.data!.created_at);
      expect(held).toBe(30 * 60_000);

      const expire = async (at: string) => {
        const { data, error } = await admin.rpc('expire_order_holds', { at });
        if (error) throw new Error(error.message);
        return data;
      };
      const statusOf = async (token: string) =>
        (await client.rpc('get_order', { token })).data as { status: string; status_label: string } | null;

      // 21 minutes on: 9 minutes left, the reminder goes (once, however often the job runs).
      expect(await expire(minutes(21))).toEqual({ reminded: 1, expired: 0 });
      expect(await expire(minutes(22))).toEqual({ reminded: 0, expired: 0 });
      // 31 minutes on: the M-Pesa order expires; the invoice one still holds its seats.
      expect(await expire(minutes(31))).toEqual({ reminded: 0, expired: 1 });
      expect(await statusOf(phone.data!.token)).toMatchObject({ status: 'expired', status_label: 'Expired unpaid' });
      expect(await statusOf(invoice.data!.token)).toMatchObject({ status: 'pending' });
      expect(await seats(intake)).toEqual({ seats_left: 4, seats_on_hold: 2 });
      expect(await expire(minutes(60))).toEqual({ reminded: 0, expired: 0 });

      // The stack's worker sends the customer one reminder and one expiry notice.
      await expect
        .poll(async () => (await mailsTo(buyer)).map((m) => m.subject).sort(), { timeout: 60_000 })
        .toEqual([
          `Your Ascent order ${phone.data!.reference}`,
          `Your Ascent order ${phone.data!.reference} expired unpaid`,
          expect.stringMatching(new RegExp(`^Your seats for order ${phone.data!.reference} are held until .+ EAT$`)),
        ]);
      const expired = (await mailsTo(buyer)).find((m) => m.subject.endsWith('expired unpaid'))!;
      expect(expired.text).toContain('its seats were released. Nothing is due.');

      // 72 hours on, the invoice order expires too.
      await expire(minutes(72 * 60 + 1));
      expect(await statusOf(invoice.data!.token)).toMatchObject({ status: 'expired' });
      expect(await seats(intake)).toEqual({ seats_left: 6, seats_on_hold: 0 });
    },
  );

  it('keeps an order whose payment is under way, and staff may extend a hold', async () => {
    const program = await makeProgram(admin, { price_amount: 5000, currency: 'KES' });
    const client = visitor();
    const coded = await place(client, orderArgs([line(program.id, null, 1)], { payment_method: 'mpesa' }));
    const extended = await place(client, orderArgs([line(program.id, null, 1)], { payment_method: 'mpesa' }));
    const plain = await place(client, orderArgs([line(program.id, null, 1)], { payment_method: 'mpesa' }));
    expect((await client.rpc('submit_mpesa_code', { token: coded.data!.token, code: 'QJK7XYZ123' })).error).toBeNull();
    const { data: row } = await admin.from('orders').select('id').eq('reference', extended.data!.reference).single();
    const staff = (await signedInAccount(stack.info, admin, { staff: true, label: 'hold-staff' })).client;
    expect((await staff.rpc('extend_order_hold', { order_id: row!.id, hours: 24 })).error).toBeNull();
    expect((await client.rpc('extend_order_hold', { order_id: row!.id, hours: 24 })).error).toMatchObject({
      code: '42501',
    });
    // The Paybill hold is 2 hours: 3 hours on, only the order nobody paid or extended expires.
    await admin.rpc('expire_order_holds', { at: minutes(3 * 60) });
    const { data } = await admin
      .from('orders')
      .select('reference, status')
      .in('reference', [coded.data!.reference, extended.data!.reference, plain.data!.reference]);
    expect(Object.fromEntries(data!.map((o) => [o.reference, o.status]))).toEqual({
      [coded.data!.reference]: 'pending',
      [extended.data!.reference]: 'pending',
      [plain.data!.reference]: 'expired',
    });
  });
});

// Last in the file: its moved clock expires every unpaid M-Pesa order of this stack.
describe('the staff dashboard', () => {
  it('shows the seats a visitor can still book: an expired order gives its seats back, a voucher’s hold keeps its own', async () => {
    const program = await makeProgram(admin, { price_amount: 5000, currency: 'KES' });
    // Tomorrow: before the seeded intakes, so among the dashboard's five upcoming ones.
    const intake = await makeIntake(admin, program.id, { capacity: 10, starts_on: day(1), ends_on: day(2) });
    const placed = await place(
      visitor(),
      orderArgs([line(program.id, intake, 3)], { payment_method: 'mpesa_express' }),
    );
    expect(placed.error).toBeNull();
    const voucher = await admin
      .from('vouchers')
      .insert({
        code: `HOLD-${randomUUID().slice(0, 8).toUpperCase()}`,
        kind: 'percent_off',
        percent_off: 10,
        held_intake_id: intake,
        held_seats: 4,
      })
      .select('id')
      .single();
    expect(voucher.error).toBeNull();
    const staff = (await signedInAccount(stack.info, admin, { staff: true, label: 'dashboard-seats' })).client;
    const dashboardSeatsLeft = async () => {
      const { data, error } = await staff.rpc('admin_dashboard');
      if (error) throw new Error(error.message);
      const { upcoming_intakes } = data as { upcoming_intakes: Array<{ id: string; seats_left: number }> };
      return upcoming_intakes.find((listed) => listed.id === intake)?.seats_left;
    };

    // 10 seats, 3 in an unpaid order, 4 kept back for the code's holders.
    expect((await seats(intake)).seats_left).toBe(3);
    expect(await dashboardSeatsLeft()).toBe(3);

    // The M-Pesa order expires unpaid: its seats are free again, on the dashboard too.
    const { error } = await admin.rpc('expire_order_holds', { at: minutes(31) });
    expect(error).toBeNull();
    expect((await seats(intake)).seats_left).toBe(6);
    expect(await dashboardSeatsLeft()).toBe(6);
  });
});

describe('the staff’s intake list and the capacity guard', () => {
  it('count the seats of orders holding seats: an expired order’s no longer keep the capacity up', async () => {
    const program = await makeProgram(admin, { price_amount: 5000, currency: 'KES' });
    const intake = await makeIntake(admin, program.id, { capacity: 10, starts_on: day(40), ends_on: day(41) });
    const placed = await place(
      visitor(),
      orderArgs([line(program.id, intake, 3)], { payment_method: 'mpesa_express' }),
    );
    expect(placed.error).toBeNull();
    // Marketing reads intakes but not order lines: the count comes from the database all the same.
    const marketing = await signedInAccount(stack.info, admin, { staff: true, label: 'intake-seats' });
    expect(
      (
        await admin
          .from('staff')
          .update({ roles: ['marketing'] })
          .eq('user_id', marketing.userId)
      ).error,
    ).toBeNull();
    const sold = async () => {
      const { data, error } = await marketing.client.rpc('admin_intake_seats', { program: program.id });
      if (error) throw new Error(error.message);
      return data;
    };
    expect(await sold()).toEqual([{ intake_id: intake, seats_sold: 3 }]);
    expect((await marketing.client.from('order_items').select('id').eq('intake_id', intake)).data).toEqual([]);
    const lower = (capacity: number) => admin.from('program_intakes').update({ capacity }).eq('id', intake);
    const refused = await lower(2);
    expect(refused.error?.message).toBe('The capacity cannot be lower than the 3 seats already sold on this intake.');

    // Unpaid past its hold, the order expires: its seats are neither sold nor a floor for the capacity.
    expect((await admin.rpc('expire_order_holds', { at: minutes(31) })).error).toBeNull();
    expect(await sold()).toEqual([{ intake_id: intake, seats_sold: 0 }]);
    expect((await lower(2)).error).toBeNull();

    // Visitors get no counts.
    const anonymous = await visitor().rpc('admin_intake_seats', { program: program.id });
    expect(anonymous.error).not.toBeNull();
    expect(anonymous.data).toBeNull();
  });
});
