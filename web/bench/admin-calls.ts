/**
 * The benchmark's side inside the website (scripts/bench-data.ts loads it under node, with
 * scripts/web-modules.ts resolving its imports): the admin's own data modules and the site
 * search, called with the browser's client as the admin pages call them, so `npm run bench:data`
 * times the real requests (columns, filters, counts, pages) and nothing written again for it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createClient } from '@supabase/supabase-js';
import type { AdminCalls, BenchTarget, Operation } from '../../scripts/bench-data-types.ts';
import { passSecondFactor } from '../../tests/support/second-factor.ts';
import type { Database } from '../app/lib/supabase/database';

// getBrowserSupabase() is for the browser: a window is all it looks for (supabase-js keeps the
// session in memory when there is no document).
(globalThis as { window?: unknown }).window ??= globalThis;

const { configureBrowserSupabase } = await import('../app/lib/supabase/browser-env');
const { getBrowserSupabase } = await import('../app/lib/supabase/browser-client');
const { ORDERS_PAGE_SIZE } = await import('../app/features/admin-orders/fetch-orders');
const { listOrders } = await import('../app/features/admin-orders/api/list-orders');
const { subscriberExportPages, subscriberCsvColumns, SUBSCRIBERS_PAGE_SIZE } =
  await import('../app/features/admin-subscribers/subscribers-data');
const { listSubscribers } = await import('../app/features/admin-subscribers/api/list-subscribers');
const { listEnquiries } = await import('../app/features/admin-enquiries/api/list-enquiries');
const { ENQUIRIES_PAGE_SIZE } = await import('../app/features/admin-enquiries/enquiries-data');
const { getDashboard } = await import('../app/features/admin-dashboard/api/get-dashboard');
const { listTrainingPrograms } = await import('../app/features/admin-catalogue/api/list-training-programs');
const { listEvents } = await import('../app/features/admin-catalogue/api/list-events');
const { PAGE_SIZE: CATALOGUE_PAGE_SIZE } = await import('../app/features/admin-catalogue/api/catalogue-list-input');
const { getEventRegistrations } = await import('../app/features/admin-registrations/api/get-event-registrations');
const { fetchAuditEntries } = await import('../app/lib/supabase/audit-log');
const { searchCatalogue } = await import('../app/features/search/search-catalogue');
const { csvHeaderLine, csvLines } = await import('../app/components/admin/download-csv');

function clientOf(target: BenchTarget, key: string) {
  return createClient<Database>(target.apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });
}

function check<T extends { error: { message: string } | null }>(what: string, answer: T): T {
  if (answer.error) throw new Error(`${what}: ${answer.error.message}`);
  return answer;
}

async function signInStaff(target: BenchTarget): Promise<void> {
  const service = clientOf(target, target.serviceRoleKey);
  const email = `bench-${randomBytes(4).toString('hex')}@ascent.example`;
  const password = `Bench-${randomUUID()}`;
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw new Error(`createUser: ${created.error.message}`);
  check('staff', await service.from('staff').insert({ user_id: created.data.user.id, email }));
  configureBrowserSupabase({ supabaseUrl: target.apiUrl, supabaseAnonKey: target.anonKey });
  const browser = await getBrowserSupabase();
  check('sign-in', await browser.auth.signInWithPassword({ email, password }));
  await passSecondFactor(browser);
}

/** A list's first page, and its last page as the pager's link reaches it (once page 1 showed the total). */
function list(
  name: string,
  pageSize: number,
  read: (page: number) => Promise<{ rows: unknown[]; total: number }>,
): Operation[] {
  let lastPage = 1;
  const nonEmpty = async (page: number) => {
    const { rows } = await read(page);
    if (rows.length === 0) throw new Error(`${name}: page ${page} is empty`);
  };
  return [
    { name: `${name}, first page`, paged: true, run: () => nonEmpty(1) },
    {
      name: `${name}, last page`,
      paged: true,
      prepare: async () => {
        lastPage = Math.max(1, Math.ceil((await read(1)).total / pageSize));
      },
      run: () => nonEmpty(lastPage),
    },
  ];
}

async function operations(target: BenchTarget): Promise<Operation[]> {
  const service = clientOf(target, target.serviceRoleKey);
  const anon = clientOf(target, target.anonKey);
  const { data: someOrder } = check(
    'an order',
    await service.from('orders').select('id').order('created_at', { ascending: false }).limit(1).single(),
  );
  const { data: program } = check(
    'a program',
    await anon.from('public_training_programs').select('id, slug').order('sort_order').limit(1).single(),
  );
  const { data: registered } = check(
    'a registration',
    await service
      .from('event_registrations')
      .select('event_id')
      .order('created_at', { ascending: false })
      .limit(1)
      .single(),
  );
  if (!someOrder || !program?.id || !program.slug || !registered) {
    throw new Error('no order, published program or event registration to time');
  }
  const { id: programId, slug } = program;
  const newest = { sort: 'created_at', dir: 'desc' } as const;
  return [
    { name: 'dashboard (admin_dashboard)', paged: true, run: () => getDashboard() },
    ...list('orders: paid, newest first', ORDERS_PAGE_SIZE, (page) =>
      listOrders({ q: '', status: 'paid', paid: 'all', ...newest, page }),
    ),
    ...list('subscribers: confirmed, newest first', SUBSCRIBERS_PAGE_SIZE, (page) =>
      listSubscribers({ q: '', status: 'confirmed', ...newest, page }),
    ),
    ...list('enquiries: closed, newest first', ENQUIRIES_PAGE_SIZE, (page) =>
      listEnquiries({ q: '', status: 'closed', ...newest, page }),
    ),
    ...list('programs: published, by title', CATALOGUE_PAGE_SIZE, (page) =>
      listTrainingPrograms({ q: '', published: 'published', sort: 'title', dir: 'asc', page }),
    ),
    ...list('events: by start, with their counts', CATALOGUE_PAGE_SIZE, (page) =>
      listEvents({ q: '', published: 'all', sort: 'starts_at', dir: 'desc', page }),
    ),
    {
      // Not paged: the whole list of one event (its size, not the table's, decides).
      name: "one event's registrations and counts",
      paged: false,
      run: () => getEventRegistrations({ eventId: registered.event_id }),
    },
    {
      name: 'orders: search "wanjiku"',
      paged: true,
      run: () => listOrders({ q: 'wanjiku', status: 'all', paid: 'all', ...newest, page: 1 }),
    },
    {
      name: 'subscribers: search "wanjiku"',
      paged: true,
      run: () => listSubscribers({ q: 'wanjiku', status: 'all', ...newest, page: 1 }),
    },
    { name: 'audit log, first page', paged: true, run: () => fetchAuditEntries({ limit: 50 }) },
    {
      name: 'audit trail of one order',
      paged: true,
      run: () => fetchAuditEntries({ table: 'orders', rowId: someOrder.id }),
    },
    { name: 'site search "risk"', paged: true, run: () => searchCatalogue(anon, 'risk') },
    {
      // What /training/<slug> reads (features/catalogue/catalogue.server.ts): the program, its intakes.
      name: 'program page',
      paged: true,
      run: async () => {
        check('program', await anon.from('public_training_programs').select('*').eq('slug', slug).maybeSingle());
        check(
          'intakes',
          await anon
            .from('public_program_intakes')
            .select('id, program_id, starts_on, ends_on, is_online, venue, capacity, seats_left, seats_on_hold')
            .in('program_id', [programId])
            .order('starts_on')
            .limit(500),
        );
      },
    },
  ];
}

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Every subscriber (no filter, newest first) as the Export CSV button streams them, the bytes
 * counted (in the admin they go to the browser's blob store). After each page a full collection,
 * then the heap in use: the figure is what the export keeps alive, not when V8 chose to collect.
 */
async function exportSubscribersCsv() {
  collect();
  let peak = process.memoryUsage().heapUsed;
  const started = performance.now();
  let bytes = Buffer.byteLength(csvHeaderLine(subscriberCsvColumns));
  let rows = 0;
  for await (const page of subscriberExportPages({ q: '', status: 'all', sort: 'created_at', dir: 'desc' })) {
    bytes += Buffer.byteLength(csvLines(page, subscriberCsvColumns));
    rows += page.length;
    collect();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  return { rows, bytes, seconds: (performance.now() - started) / 1000, peakBytes: peak };
}

export const adminCalls: AdminCalls = { signInStaff, operations, exportSubscribersCsv };
