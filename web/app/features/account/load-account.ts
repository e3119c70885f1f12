/**
 * Everything /account shows, read with the customer's own session: RLS (the `*_select_customer`
 * policies, migration 20261128190100) returns only rows of the session's confirmed address, so
 * nothing here filters by e-mail or trusts the browser.
 */
import type { EtimsStatus, TaxDocumentKind } from '../../../../domain/tax-document';
import type { DatabaseClient } from '../../lib/supabase/database';

export async function loadAccount(supabase: DatabaseClient) {
  const [orders, registrations, certificates, newsletter] = await Promise.all([
    supabase
      .from('orders')
      .select(
        'id, reference, status, created_at, currency, total_kes, total_usd, confirmation_token, ' +
          'order_items(id, position, title, quantity, intake_id, order_participants(id, position, full_name)), ' +
          'payment_receipts(id, number, document_number), tax_documents(id, kind, number, document_number, etims_status)',
      )
      .order('created_at', { ascending: false })
      .returns<AccountOrder[]>(),
    supabase
      .from('event_registrations')
      .select('id, event_id, seats, status, token, created_at')
      .order('created_at', { ascending: false }),
    supabase
      .from('certificates')
      .select('id, code, holder_name, program_title, starts_on, ends_on, issued_at, revoked_at')
      .order('issued_at', { ascending: false }),
    supabase.from('newsletter_subscribers').select('status, token').maybeSingle(),
  ]);
  const failed = [orders, registrations, certificates, newsletter].find((answer) => answer.error);
  if (failed?.error) throw new Error(`could not read the account: ${failed.error.message}`);

  // Intakes and events by id from the public views (a past intake is no longer listed there).
  const intakeIds = [...new Set(orders.data!.flatMap((o) => o.order_items.map((i) => i.intake_id)))].filter(
    (id): id is string => id !== null,
  );
  const eventIds = [...new Set(registrations.data!.map((r) => r.event_id))];
  const [intakes, events] = await Promise.all([
    intakeIds.length
      ? supabase.from('public_program_intakes').select('id, starts_on, ends_on').in('id', intakeIds)
      : Promise.resolve({ data: [], error: null }),
    eventIds.length
      ? supabase.from('public_events').select('id, title, starts_at, slug').in('id', eventIds)
      : Promise.resolve({ data: [], error: null }),
  ]);
  if (intakes.error || events.error) throw new Error('could not read the intakes or events');
  return {
    orders: orders.data!,
    namingLinks: await loadNamingLinks(supabase, orders.data!),
    intakes: new Map((intakes.data ?? []).map((intake) => [intake.id!, intake])),
    registrations: registrations.data!,
    events: new Map((events.data ?? []).map((event) => [event.id!, event])),
    certificates: certificates.data!,
    newsletter: newsletter.data,
  };
}

/**
 * The participants page's token of each order with seats to name ("names later", an accepted
 * quote's order), by order id. The database decides (public.my_order_participants_link: the
 * session's own order, a seat unnamed, names still open); only orders that hold seats and have
 * an unnamed seat are asked.
 */
async function loadNamingLinks(supabase: DatabaseClient, orders: AccountOrder[]): Promise<Map<string, string>> {
  const candidates = orders.filter(
    (order) =>
      ['pending', 'confirmed', 'paid'].includes(order.status) &&
      order.order_items.some((item) => item.order_participants.length < item.quantity),
  );
  const answers = await Promise.all(
    candidates.map(async (order) => {
      const { data, error } = await supabase.rpc('my_order_participants_link', { order_id: order.id });
      if (error) throw new Error(`could not read the naming link: ${error.message}`);
      return [order.id, data] as const;
    }),
  );
  return new Map(answers.filter((answer): answer is readonly [string, string] => typeof answer[1] === 'string'));
}

export interface AccountOrder {
  id: string;
  reference: string;
  status: string;
  created_at: string;
  currency: string;
  total_kes: number;
  total_usd: number;
  confirmation_token: string;
  order_items: Array<{
    id: string;
    position: number;
    title: string;
    quantity: number;
    intake_id: string | null;
    order_participants: Array<{ id: string; position: number; full_name: string }>;
  }>;
  /** A receipt per payment (RLS: the customer's own orders). */
  payment_receipts: Array<{ id: string; number: number; document_number: string }>;
  /** The tax invoice once paid, and a credit note if it was cancelled after (RLS: the customer's own orders). */
  tax_documents: Array<{
    id: string;
    kind: TaxDocumentKind;
    number: number;
    document_number: string;
    etims_status: EtimsStatus;
  }>;
}

export type AccountData = Awaited<ReturnType<typeof loadAccount>>;
