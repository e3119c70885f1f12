/**
 * `npm run bench:data [-- --rounds 21] [--scale 1]`: what staff and buyers do, at seed size and
 * after ten years of data, in one run on one machine. Starts the local stack on free ports (the
 * ordinary seed), signs a staff member in with the second factor (aal2), times each operation
 * through the gateway and PostgREST as the admin and the website call them, then fills the
 * database with scripts/seed-large.sql (scale × the issue's volumes) and times them again.
 * Prints p50/p95 per operation at both sizes and the growth ratio large/seed (of the p50s), and
 * the CSV export's time and peak memory at 1k and at 100k subscribers.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../supabase/database.types.ts';
import { commandLine } from './command-line.ts';
import { seedLarge } from './seed-large.ts';
import type { AdminCalls, Operation } from './bench-data-types.ts';
import './web-modules.ts';
import { clientFrom, loopbackAddress } from '../tests/integration/support/client-address.ts';
import { logProblems, startTestStack, stopOnSignals } from '../tests/support/test-stack.ts';

const usage = `usage: npm run bench:data [-- --rounds 21] [--scale 1] [--buyers 50]
  --rounds  timed calls per operation and size; p50/p95 over them (default 21)
  --scale   the large size, × the issue's volumes (default 1: 200k orders, 2M audit rows…)
  --buyers  concurrent buyers of the last seats (default 50)`;
const { values } = commandLine(usage, {
  options: {
    rounds: { type: 'string', default: '21' },
    scale: { type: 'string', default: '1' },
    buyers: { type: 'string', default: '50' },
  },
});
const rounds = Number(values.rounds);
const scale = Number(values.scale);
const buyers = Number(values.buyers);

type Client = SupabaseClient<Database>;

console.log('Starting the local stack on free ports…');
const stack = await startTestStack({ website: false, log: logProblems('  ') });
stopOnSignals(stack);
const { info } = stack;
const client = (key: string): Client =>
  createClient<Database>(info.apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });
const service = client(info.serviceRoleKey);

/** The one row a write answered with, or its error thrown. */
function inserted<Row>(what: string, answer: { data: Row; error: { message: string } | null }): NonNullable<Row> {
  if (answer.error || !answer.data) throw new Error(`${what}: ${answer.error?.message ?? 'no row'}`);
  return answer.data;
}

// The admin's own modules, loaded by path so that this project's TypeScript check (node
// resolution) leaves them to the website's (bundler resolution).
const adminCallsModule = '../web/bench/admin-calls.ts';
const { adminCalls } = (await import(adminCallsModule)) as { adminCalls: AdminCalls };

interface Timing {
  p50: number;
  p95: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** Each operation `rounds` times, interleaved (the shared machine's load meets each alike), after one warm-up. */
async function measure(ops: Operation[]): Promise<Map<string, Timing>> {
  for (const op of ops) await op.prepare?.();
  for (const op of ops) await op.run();
  const samples = new Map<string, number[]>(ops.map((op) => [op.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const op of ops) {
      const started = performance.now();
      await op.run();
      samples.get(op.name)!.push(performance.now() - started);
    }
  }
  return new Map(
    [...samples].map(([name, times]) => {
      const sorted = times.toSorted((a, b) => a - b);
      return [name, { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) }];
    }),
  );
}

/** `buyers` buyers, each from an address of its own, race for the last seats of one intake. */
async function lastSeats(): Promise<Timing & { sold: number; refused: number }> {
  const tag = randomBytes(4).toString('hex');
  const program = inserted(
    'program',
    await service
      .from('training_programs')
      .insert({
        title: `Bench program ${tag}`,
        slug: `bench-${tag}`,
        category: 'Bench',
        focus: 'Checkout',
        description: 'The last seats of the benchmark.',
        duration: '1 day',
        price_amount: 100,
        currency: 'USD',
        is_published: true,
      })
      .select('id')
      .single(),
  );
  const startsOn = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const intake = inserted(
    'intake',
    await service
      .from('program_intakes')
      .insert({
        program_id: program.id,
        starts_on: startsOn,
        ends_on: startsOn,
        is_online: true,
        capacity: 10,
        is_published: true,
      })
      .select('id')
      .single(),
  );
  const visitors = Array.from({ length: buyers }, () => clientFrom(loopbackAddress(), info.apiUrl, info.anonKey));
  const times: number[] = [];
  const answers = await Promise.all(
    visitors.map(async ({ client: visitor }, index) => {
      const started = performance.now();
      const answer = await visitor.rpc('create_order', {
        idempotency_key: randomUUID(),
        buyer_name: 'Wanjiku Kariuki',
        buyer_email: `buyer-${tag}-${index}@example.co.ke`,
        buyer_phone: '0712 345 678',
        payment_method: 'invoice',
        accepted_terms: true,
        organisation: 'Kenya Power',
        po_number: `PO-${index}`,
        items: [
          { program_id: program.id, intake_id: intake.id, quantity: 1, participants: [{ name: `Seat ${index}` }] },
        ],
      });
      times.push(performance.now() - started);
      return answer;
    }),
  );
  await Promise.all(visitors.map(({ close }) => close()));
  const sorted = times.toSorted((a, b) => a - b);
  const sold = answers.filter((answer) => !answer.error).length;
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), sold, refused: answers.length - sold };
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
let exitCode = 0;
try {
  await adminCalls.signInStaff(info);
  const [load1] = loadavg();

  // Seed size: the ordinary local seed, plus 1k subscribers for the export's small figure.
  await seedLarge(info.adminDatabaseUrl, 0.01);
  const ops = await adminCalls.operations(info);
  console.log(`Timing ${ops.length} operations × ${rounds} at seed size…`);
  const small = await measure(ops);
  const smallSeats = await lastSeats();
  const smallExport = await adminCalls.exportSubscribersCsv();

  console.log(`Seeding ×${scale}…`);
  const seeded = await seedLarge(info.adminDatabaseUrl, scale);
  console.log(`  seeded in ${seeded.seconds.toFixed(1)} s: ${JSON.stringify(seeded.counts)}`);
  console.log(`Timing at large size…`);
  const large = await measure(ops);
  const largeSeats = await lastSeats();
  const largeExport = await adminCalls.exportSubscribersCsv();

  console.log(
    `\n${cpus().length} CPUs (${cpus()[0]?.model}), load ${load1?.toFixed(2)} at the start, ${loadavg()[0]?.toFixed(2)} at the end`,
  );
  console.log(
    `${'operation'.padEnd(50)}  ${'seed p50'.padStart(10)} ${'p95'.padStart(10)}  ${'large p50'.padStart(10)} ${'p95'.padStart(10)}  growth`,
  );
  for (const op of ops) {
    const a = small.get(op.name)!;
    const b = large.get(op.name)!;
    const growth = b.p50 / a.p50;
    const over = op.paged && growth > 2;
    if (over) exitCode = 1;
    console.log(
      `${op.name.padEnd(50)}  ${ms(a.p50)} ${ms(a.p95)}  ${ms(b.p50)} ${ms(b.p95)}  ×${growth.toFixed(2)}${over ? '  ✖ over 2×' : ''}`,
    );
  }
  const seatsGrowth = largeSeats.p50 / smallSeats.p50;
  console.log(
    `${`create_order, ${buyers} buyers, 10 seats`.padEnd(50)}  ${ms(smallSeats.p50)} ${ms(smallSeats.p95)}  ${ms(largeSeats.p50)} ${ms(largeSeats.p95)}  ×${seatsGrowth.toFixed(2)}  (sold ${largeSeats.sold}, refused ${largeSeats.refused})`,
  );
  const memoryGrowth = largeExport.peakBytes / smallExport.peakBytes;
  if (memoryGrowth > 1.5) exitCode = 1;
  console.log(
    `CSV export of all subscribers: ${smallExport.rows} rows ${smallExport.seconds.toFixed(2)} s, peak heap ${(smallExport.peakBytes / 2 ** 20).toFixed(1)} MiB; ` +
      `${largeExport.rows} rows ${largeExport.seconds.toFixed(2)} s, peak heap ${(largeExport.peakBytes / 2 ** 20).toFixed(1)} MiB (×${memoryGrowth.toFixed(2)}${memoryGrowth > 1.5 ? ' ✖ over 1.5×' : ''})`,
  );
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stack.stop();
}
process.exit(exitCode);
