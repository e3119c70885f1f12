/**
 * `npm run soak`: load and faults against the whole stack, started on free loopback ports with a
 * throwaway database. SMTP down; a steady load of many clients over a realistic mix; PostgreSQL
 * killed and started again under load; the content API refusing, then silent, under load; a
 * newsletter campaign to 20,000 subscribers whose mail worker is killed halfway. Prints
 * the figures and a pass/fail line per check, then counts every acknowledged write in the
 * database; exits 1 if any check failed. `--duration 10` (and the options below) for a short run.
 */
import { createWriteStream } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { formatWithOptions } from 'node:util';
import pg from 'pg';
import { ROUTE_PATHS } from '../web/app/config/routes-table.ts';
import { countWrites, type WriteCount } from './soak/count-writes.ts';
import {
  campaignPhase,
  contentPhase,
  postgresPhase,
  smtpPhase,
  steadyPhase,
  visitorsFor,
  type Check,
  type Window,
} from './soak/phases.ts';
import type { SoakStack } from './soak/soak-stack.ts';
import { startStackProcess } from './soak/stack-client.ts';
import type { Ledger } from './soak/tally.ts';
import { MIX, type Targets, type Visitor } from './soak/workload.ts';
import { commandLine } from './command-line.ts';

const usage = `usage: npm run soak -- [--duration <s>] [--clients <n>] [--fault-clients <n>] [--outage <s>] [--db-down <s>] [--subscribers <n>] [--campaign-rate <n>] [--only campaign]
  --duration       seconds of steady load (default 60)
  --clients        concurrent clients in the steady load (default 200)
  --fault-clients  concurrent clients while a dependency fails (default 50)
  --outage         seconds the content API refuses, then stays silent (default 60; with a short --duration, as long as it)
  --db-down        seconds PostgreSQL stays down after it is killed (default 15; with a short --duration, at most it)
  --subscribers    confirmed subscribers the campaign is sent to, its mail worker killed halfway (default 20000; 0: no campaign phase)
  --campaign-rate  the campaign throttle in this database, mails per minute (default 100000: the worker's own pace)
  --only campaign  the campaign phase alone`;

function only(value: string): 'campaign' {
  if (value !== 'campaign') {
    console.error(`--only takes campaign\n${usage}`);
    process.exit(2);
  }
  return value;
}

function options() {
  const { values } = commandLine(usage, {
    options: {
      duration: { type: 'string' },
      clients: { type: 'string' },
      'fault-clients': { type: 'string' },
      outage: { type: 'string' },
      'db-down': { type: 'string' },
      subscribers: { type: 'string' },
      'campaign-rate': { type: 'string' },
      only: { type: 'string' },
    },
  });
  const number = (name: string, value: string | undefined, fallback: number, max: number, min = 1) => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      console.error(`--${name} must be a whole number from ${min} to ${max}\n${usage}`);
      process.exit(2);
    }
    return parsed;
  };
  const duration = number('duration', values.duration, 60, 3600);
  return {
    duration,
    // Loopback addresses 127.100-103.x.y: up to 1000 clients of their own.
    clients: number('clients', values.clients, 200, 1000),
    faultClients: number('fault-clients', values['fault-clients'], 50, 1000),
    outage: number('outage', values.outage, Math.min(60, Math.max(10, duration)), 600),
    dbDown: number('db-down', values['db-down'], Math.min(15, Math.max(5, duration)), 600),
    subscribers: number('subscribers', values.subscribers, 20_000, 25_000, 0),
    campaignRate: number('campaign-rate', values['campaign-rate'], 100_000, 100_000),
    only: values.only === undefined ? undefined : only(values.only),
  };
}

/** The soak's own program for orders: published, no intakes, so its orders never run out of seats. */
async function soakTargets(stack: SoakStack, runTag: string): Promise<Targets> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const made = await db.query<{ id: string }>(
      `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, is_published)
       values ($1, $2, 'Load testing', 'Soak', 'A program the soak orders.', '1 day', 100, 'USD', true) returning id`,
      [`Soak program ${runTag}`, `soak-program-${runTag}`],
    );
    const slugs = await db.query<{ slug: string }>(
      `select slug from public.training_programs where is_published order by sort_order, title limit 20`,
    );
    return {
      webUrl: stack.webUrl,
      apiUrl: stack.apiUrl,
      anonKey: stack.anonKey,
      pages: ROUTE_PATHS,
      programPaths: slugs.rows.map((row) => `/training/${row.slug}`),
      orderProgramId: made.rows[0]!.id,
      runTag,
    };
  } finally {
    await db.end();
  }
}

function printWindow(window: Window) {
  const { tally } = window;
  console.log(
    `\n${window.name}: ${tally.requests} requests in ${tally.seconds.toFixed(1)} s (${(tally.requests / tally.seconds).toFixed(0)}/s)`,
  );
  console.log('  kind         requests    p50 ms   p99 ms   max ms  degraded  outcomes');
  for (const row of tally.summary()) {
    console.log(
      `  ${row.kind.padEnd(12)} ${String(row.requests).padStart(8)} ${String(row.p50).padStart(9)} ${String(row.p99).padStart(8)} ${String(row.max).padStart(8)} ${String(row.degraded).padStart(9)}  ${row.outcomes}`,
    );
  }
}

function printWrites(counts: WriteCount[]) {
  console.log('\nwrites, counted in the database afterwards:');
  console.log('  kind         attempted  acknowledged  lost  duplicated  stored, not acknowledged');
  for (const count of counts) {
    console.log(
      `  ${count.kind.padEnd(12)} ${String(count.attempted).padStart(9)} ${String(count.acknowledged).padStart(13)} ${String(count.lost).padStart(5)} ${String(count.duplicated).padStart(11)} ${String(count.storedUnacknowledged).padStart(25)}`,
    );
  }
}

/**
 * The stack runs in a process of its own whose output goes to a log file (its services log every
 * failure they meet, thousands of lines under faults); this process's own warnings go there too.
 */
function logStackToFile(runTag: string): string {
  const path = join(tmpdir(), `ascent-soak-${runTag}.log`);
  const file = createWriteStream(path, { flags: 'a' });
  const write = (...args: unknown[]) => file.write(`${formatWithOptions({ colors: false }, ...args)}\n`);
  console.error = write;
  console.warn = write;
  return path;
}

function report(checks: Check[], load: () => string) {
  console.log('\nchecks:');
  for (const check of checks) console.log(`  ${check.ok ? '✔' : '✖'} ${check.what}`);
  const failed = checks.filter((check) => !check.ok).length;
  console.log(`\nSoak: ${checks.length - failed} checks passed, ${failed} failed (load average at the end ${load()})`);
  process.exitCode = failed === 0 ? 0 : 1;
}

async function runCampaign(
  stack: SoakStack,
  targets: Targets,
  probe: Visitor,
  settings: ReturnType<typeof options>,
  checks: Check[],
  load: () => string,
) {
  if (settings.subscribers === 0) return;
  console.log(
    `\n[6/6] newsletter campaign to ${settings.subscribers} subscribers (throttle ${settings.campaignRate}/min), the mail worker killed halfway…`,
  );
  const campaign = await campaignPhase(stack, targets, probe, {
    subscribers: settings.subscribers,
    mailsPerMinute: settings.campaignRate,
    idleSamples: 200,
    load,
  });
  checks.push(...campaign.checks);
  console.log(`  figures: ${JSON.stringify(campaign.figures)}`);
}

async function main() {
  const settings = options();
  const runTag = Date.now().toString(36);
  const logPath = logStackToFile(runTag);
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(`soak ${new Date().toISOString()} on ${machine}; load average ${load()}`);
  console.log(`(the stack's own log lines go to ${logPath})`);
  console.log(
    `steady: ${settings.clients} clients for ${settings.duration} s; faults under ${settings.faultClients} clients: PostgreSQL down ${settings.dbDown} s, content API refusing ${settings.outage} s then silent ${settings.outage} s`,
  );
  console.log(
    `mix (per 100 actions): ${Object.entries(MIX)
      .map(([action, share]) => `${action} ${share}`)
      .join(', ')}`,
  );
  console.log(
    'Starting the stack on free ports in a process of its own (own PostgreSQL, content lake behind a fault proxy)…',
  );
  const stack = await startStackProcess(logPath, (line) => console.log(`  ${line}`));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping the stack…\n`);
      void stack.stop().finally(() => process.exit(130));
    });
  }
  const visitors: Visitor[] = [];
  try {
    console.log(
      'Clients: each connects from a loopback address of its own (127.100-103.x.y), which the gateway sees as its client IP',
    );
    console.log(
      '  (X-Forwarded-For is not trusted: the gateway keeps only the address it saw). Writes are enabled by raising,',
    );
    console.log('  in this throwaway database only, every per-client limit: ' + stack.throttles.join(', '));
    const targets = await soakTargets(stack, runTag);
    visitors.push(...visitorsFor(targets, settings.clients, 1));
    const probe = visitorsFor(targets, 1, 2)[0]!;
    visitors.push(probe);
    const checks: Check[] = [];
    const ledgers: Ledger[] = [];

    if (settings.only === 'campaign') {
      await runCampaign(stack, targets, probe, settings, checks, load);
      report(checks, load);
      return;
    }
    console.log('\n[1/6] SMTP down: sign-ups and enquiries while the mail server refuses…');
    const smtp = await smtpPhase(stack, targets, probe);
    checks.push(...smtp.checks);
    ledgers.push(smtp.ledger);

    // Every page once, so the fault phases find the caches as a running site has them.
    for (const path of [...targets.pages, ...targets.programPaths])
      await fetch(`${targets.webUrl}${path}`).then((r) => r.text());

    console.log(`[2/6] steady load: ${settings.clients} clients, ${settings.duration} s…`);
    const steady = await steadyPhase(visitors.slice(0, settings.clients), targets, settings.duration);
    checks.push(...steady.checks);
    ledgers.push(steady.window.ledger);
    printWindow(steady.window);

    const faultVisitors = visitors.slice(0, settings.faultClients);
    console.log(
      `\n[3/6] PostgreSQL killed under load (${settings.faultClients} clients), started again ${settings.dbDown} s later…`,
    );
    // Load goes on 20 s after the restart (less in a short run).
    const after = Math.min(20, Math.max(5, settings.duration));
    const database = await postgresPhase(stack, faultVisitors, probe, targets, settings.dbDown, after);
    checks.push(...database.checks);
    ledgers.push(...database.windows.map((window) => window.ledger));
    database.windows.forEach(printWindow);

    const outages: Array<['refuse' | 'stall', string]> = [
      ['refuse', '4/6'],
      ['stall', '5/6'],
    ];
    for (const [mode, step] of outages) {
      console.log(
        `\n[${step}] content API ${mode === 'refuse' ? 'refusing' : 'silent'} for ${settings.outage} s under load…`,
      );
      const content = await contentPhase(stack, mode, faultVisitors, probe, targets, settings.outage);
      checks.push(...content.checks);
      ledgers.push(content.window.ledger);
      printWindow(content.window);
    }

    await runCampaign(stack, targets, probe, settings, checks, load);

    const counts = await countWrites(stack.databaseUrl, runTag, ledgers);
    printWrites(counts);
    for (const count of counts) {
      checks.push({
        ok: count.lost === 0 && count.duplicated === 0 && count.acknowledged > 0,
        what: `${count.kind}: ${count.acknowledged} acknowledged, ${count.lost} lost, ${count.duplicated} stored twice`,
      });
    }
    report(checks, load);
  } finally {
    await Promise.all(visitors.map((visitor) => visitor.close()));
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${formatWithOptions({ colors: false }, error)}\n`);
  process.exit(1);
});
