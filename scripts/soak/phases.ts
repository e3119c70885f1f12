/**
 * The soak's phases, each returning its figures and its checks: SMTP down (mail waits in the
 * outbox and goes out once after), the steady load, PostgreSQL killed and started again under
 * load, and the content API refusing and then silent for a while under load.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  campaignDelivery,
  campaignProgress,
  killProcess,
  seedConfirmedSubscribers,
  sendCampaignAsMarketing,
  setCampaignSettings,
  settled,
} from '../../tests/support/campaign-send.ts';
import { capturedMail } from '../../tests/support/mail-capture.ts';
import { MAINTENANCE_READ_TIMEOUT_MS } from '../../web/app/config/read-timeouts.ts';
import type { SoakStack } from './soak-stack.ts';
import { Ledger, Tally } from './tally.ts';
import { act, createVisitor, getPage, runLoad, visitorAddress, type Targets, type Visitor } from './workload.ts';

export interface Check {
  ok: boolean;
  what: string;
}

export interface Window {
  name: string;
  tally: Tally;
  ledger: Ledger;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A CMS page with no live list: nothing on it comes from PostgreSQL. */
export const NO_DATABASE_PAGES = ['/about/mission-vision', '/contact', '/about/csr'];

async function mailTo(stack: SoakStack, addresses: readonly string[]): Promise<Map<string, number>> {
  const messages = await capturedMail(stack.mailApiUrl);
  const counts = new Map(addresses.map((address) => [address, 0]));
  for (const message of messages)
    for (const address of addresses)
      if (message.to.includes(address)) counts.set(address, (counts.get(address) ?? 0) + 1);
  return counts;
}

/** SMTP down: sign-ups and enquiries are acknowledged, their mail waits, and goes out once when SMTP is back. */
export async function smtpPhase(stack: SoakStack, targets: Targets, visitor: Visitor) {
  const checks: Check[] = [];
  const ledger = new Ledger();
  const tally = new Tally();
  await stack.mail.stopSmtp();
  const newsletter: string[] = [];
  const enquiries: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const email = `soak-${targets.runTag}-news-smtp-${randomUUID()}@example.com`;
    const response = await fetch(`${targets.apiUrl}/functions/v1/send-newsletter-subscription-email`, {
      method: 'POST',
      headers: {
        apikey: targets.anonKey,
        authorization: `Bearer ${targets.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email }),
      dispatcher: visitor.dispatcher,
    } as RequestInit);
    await response.text();
    ledger.attempt('newsletter', email);
    if (response.status === 200) ledger.acknowledge('newsletter', email);
    newsletter.push(email);
    const enquiryEmail = `soak-${targets.runTag}-enq-smtp-${randomUUID()}@example.com`;
    ledger.attempt('enquiry', enquiryEmail);
    const { error } = await visitor.supabase.rpc('submit_enquiry', {
      name: 'Soak Visitor',
      email: enquiryEmail,
      phone: '0712 345 678',
      organisation: '',
      topic: 'training',
      message: `Mail while SMTP is down. ${randomUUID()}`,
      consent: true,
      website: '',
    });
    if (!error) ledger.acknowledge('enquiry', enquiryEmail);
    enquiries.push(enquiryEmail);
  }
  const addresses = [...newsletter, ...enquiries];
  const acknowledged = ledger.acknowledgedOf('newsletter').size + ledger.acknowledgedOf('enquiry').size;
  checks.push({
    ok: acknowledged === addresses.length,
    what: `SMTP down: ${acknowledged}/${addresses.length} writes acknowledged`,
  });
  // Three runs of the outbox worker (every 2 s) against a refusing SMTP server.
  await sleep(8_000);
  const whileDown = await mailTo(stack, addresses);
  const deliveredWhileDown = [...whileDown.values()].reduce((a, b) => a + b, 0);
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const waiting = await db.query<{ status: string; rows: string; attempts: string }>(
    `select status, count(*) as rows, max(attempts) as attempts from public.mail_outbox
      where recipient = any($1) group by status`,
    [addresses],
  );
  const outbox = waiting.rows.map((row) => `${row.status}×${row.rows} (attempts up to ${row.attempts})`).join(', ');
  checks.push({
    ok: deliveredWhileDown === 0,
    what: `SMTP down: ${deliveredWhileDown} mails delivered; outbox: ${outbox || 'empty'}`,
  });
  const smtpBack = performance.now();
  await stack.mail.startSmtp();
  let delivered: Map<string, number>;
  const deadline = smtpBack + 90_000;
  while (performance.now() < deadline) {
    delivered = await mailTo(stack, addresses);
    if ([...delivered.values()].every((count) => count >= 1)) break;
    await sleep(500);
  }
  const allDeliveredSeconds = (performance.now() - smtpBack) / 1000;
  // Two more worker runs: a mail sent twice would show now.
  await sleep(5_000);
  delivered = await mailTo(stack, addresses);
  const once = [...delivered.values()].filter((count) => count === 1).length;
  const sentRows = await db.query<{ rows: string }>(
    `select count(*) as rows from public.mail_outbox where recipient = any($1) and status = 'sent'`,
    [addresses],
  );
  await db.end();
  checks.push({
    ok: once === addresses.length,
    what: `SMTP back: ${once}/${addresses.length} recipients got their mail exactly once (all within ${allDeliveredSeconds.toFixed(1)} s); ${sentRows.rows[0]?.rows ?? 0} outbox rows sent`,
  });
  tally.finish();
  return { checks, ledger };
}

/** The steady load: every client, the whole mix, no faults. */
export async function steadyPhase(visitors: readonly Visitor[], targets: Targets, seconds: number) {
  const window: Window = { name: 'steady', tally: new Tally(), ledger: new Ledger() };
  const end = performance.now() + seconds * 1000;
  await runLoad({ visitors, targets, until: () => performance.now() >= end, window: () => window });
  window.tally.finish();
  const checks: Check[] = [
    {
      ok: window.tally.serverErrors === 0,
      what: `steady: ${window.tally.serverErrors} 5xx / timeouts / network errors`,
    },
    {
      ok: window.tally.friendlyUnavailable === 0,
      what: `steady: ${window.tally.friendlyUnavailable} "try again" 503 pages`,
    },
  ];
  return { window, checks };
}

/** Probes a page every `everyMs` until `stop()`; returns each probe's status and time. */
function probeLoop(visitor: Visitor, url: () => string, everyMs: number, stop: () => boolean) {
  const results: Array<{ outcome: string; ms: number }> = [];
  const done = (async () => {
    while (!stop()) {
      const began = performance.now();
      const result = await getPage(visitor, url());
      results.push({ outcome: String(result.outcome), ms: result.ms });
      await sleep(Math.max(0, everyMs - (performance.now() - began)));
    }
  })();
  return { results, done };
}

/** The visitor actions that write to the database. */
const writeKinds = ['newsletter', 'enquiry', 'order'] as const;

/**
 * PostgreSQL killed (SIGKILL) under load and started again `downSeconds` later. Pages keep
 * answering, writes fail with a message while it is down and work again after, and pages that
 * need nothing from it (rendered afresh: a query string the page cache does not know) never wait.
 */
export async function postgresPhase(
  stack: SoakStack,
  visitors: readonly Visitor[],
  probe: Visitor,
  targets: Targets,
  downSeconds: number,
  /** How long the load goes on after the restart. */
  afterSeconds = 20,
) {
  const windows: Window[] = ['before', 'PostgreSQL down', 'after restart'].map((name) => ({
    name,
    tally: new Tally(),
    ledger: new Ledger(),
  }));
  let current = windows[0]!;
  let finished = false;
  const load = runLoad({ visitors, targets, until: () => finished, window: () => current });
  let probeCount = 0;
  const probes = probeLoop(
    probe,
    () => `${targets.webUrl}${NO_DATABASE_PAGES[probeCount++ % NO_DATABASE_PAGES.length]}?soak-probe=${probeCount}`,
    500,
    () => finished,
  );
  const downProbes: Array<{ outcome: string; ms: number }> = [];
  await sleep(5_000);
  const beforeProbes = [...probes.results];
  current.tally.finish();
  await stack.killPostgres();
  const probesBefore = probes.results.length;
  current = windows[1]!;
  await sleep(downSeconds * 1000);
  downProbes.push(...probes.results.slice(probesBefore));
  const restartBegan = performance.now();
  await stack.startPostgres();
  const restartSeconds = (performance.now() - restartBegan) / 1000;
  current.tally.finish();
  current = windows[2]!;
  const afterBegan = performance.now();
  await sleep(afterSeconds * 1000);
  finished = true;
  await Promise.all([load, probes.done]);
  // The mix is random: a short window may hold no write of a kind. Each kind not yet acknowledged
  // is tried a few times more, so the check below is about the database, not about chance.
  for (const kind of writeKinds) {
    for (let attempt = 0; attempt < 3 && current.ledger.acknowledgedOf(kind).size === 0; attempt++) {
      await act(kind, probe, targets, current.tally, current.ledger).catch((error: unknown) =>
        current.ledger.fail(kind, String(error)),
      );
    }
  }
  current.tally.finish();

  const [, during, after] = windows as [Window, Window, Window];
  const checks: Check[] = [];
  const pagesDuring = during.tally.summary().filter((row) => row.kind === 'page' || row.kind === 'program');
  const pageErrors = pagesDuring.reduce((sum, row) => sum + row.serverErrors, 0);
  checks.push({
    ok: pageErrors === 0,
    what: `PostgreSQL down: ${pageErrors} pages answered 5xx other than the "try again" page, or not at all`,
  });
  // Under load every page waits for the CPU: compared with the same probes before the kill, a page
  // may wait once for the maintenance read's bound (the first read that fails), never more.
  const slowest = Math.max(0, ...downProbes.map((result) => result.ms));
  const slowestBefore = Math.max(0, ...beforeProbes.map((result) => result.ms));
  const median = (results: Array<{ ms: number }>) =>
    Math.round([...results].sort((a, b) => a.ms - b.ms)[Math.floor(results.length / 2)]?.ms ?? 0);
  const probeFailures = downProbes.filter((result) => result.outcome !== '200').length;
  checks.push({
    ok: probeFailures === 0 && slowest <= slowestBefore + MAINTENANCE_READ_TIMEOUT_MS + 500,
    what: `PostgreSQL down: pages needing nothing from it, rendered afresh: ${downProbes.length} probes, ${probeFailures} not 200, median ${median(downProbes)} ms, slowest ${Math.round(slowest)} ms (before the kill: median ${median(beforeProbes)} ms, slowest ${Math.round(slowestBefore)} ms; allowed: that + the maintenance read's ${MAINTENANCE_READ_TIMEOUT_MS} ms + 500)`,
  });
  const writeFailures = [...during.ledger.failures].flatMap(([kind, messages]) =>
    [...messages].map(([message, count]) => `${kind}: ${message} (×${count})`),
  );
  const unclear = writeFailures.filter((line) => /: (0|5\d\d): ?\(×|no answer|fetch failed/i.test(line));
  checks.push({
    ok: writeFailures.length > 0 && unclear.length === 0,
    what: `PostgreSQL down: writes refused with a message (${writeFailures.length} distinct): ${writeFailures.slice(0, 6).join(' | ')}`,
  });
  const firstAck = after.ledger.firstAcknowledged;
  const ackKinds = writeKinds.filter((kind) => after.ledger.acknowledgedOf(kind).size > 0);
  checks.push({
    ok: ackKinds.length === 3,
    what: `PostgreSQL back (restart took ${restartSeconds.toFixed(1)} s): writes acknowledged again for ${ackKinds.join(', ') || 'nothing'}, the first ${firstAck === undefined ? 'never' : `${((firstAck - afterBegan) / 1000).toFixed(1)} s after the restart`}`,
  });
  return { windows, checks };
}

/**
 * The content API refusing or silent for `seconds` under load: the warm website keeps serving
 * what it has read, a website started during the outage (nothing cached) answers the friendly
 * 503 within seconds, and both serve again by themselves once the API is back.
 */
export async function contentPhase(
  stack: SoakStack,
  mode: 'refuse' | 'stall',
  visitors: readonly Visitor[],
  probe: Visitor,
  targets: Targets,
  seconds: number,
) {
  const window: Window = {
    name: `content API ${mode === 'refuse' ? 'refusing' : 'silent'}`,
    tally: new Tally(),
    ledger: new Ledger(),
  };
  let finished = false;
  await stack.setContentMode(mode);
  const began = performance.now();
  const load = runLoad({ visitors, targets, until: () => finished, window: () => window });
  const cold = await stack.coldWebsite();
  const coldProbes: Array<{ outcome: string; ms: number }> = [];
  try {
    for (const path of ['/', '/about', '/services', '/contact']) {
      const result = await getPage(probe, `${cold.url}${path}`);
      coldProbes.push({ outcome: String(result.outcome), ms: result.ms });
    }
    await sleep(Math.max(0, seconds * 1000 - (performance.now() - began)));
    finished = true;
    await load;
    window.tally.finish();
    await stack.setContentMode('pass');
    const back = performance.now();
    let recovered: number | undefined;
    while (performance.now() - back < 60_000) {
      const [warmPage, coldPage] = await Promise.all([
        getPage(probe, `${targets.webUrl}/about?soak-recovery=${Math.random()}`),
        getPage(probe, `${cold.url}/about`),
      ]);
      if (warmPage.outcome === 200 && coldPage.outcome === 200) {
        recovered = performance.now() - back;
        break;
      }
      await sleep(250);
    }
    const checks: Check[] = [];
    const label = window.name;
    const errors = window.tally.serverErrors;
    const unavailable = window.tally.friendlyUnavailable;
    checks.push({
      ok: errors === 0 && unavailable === 0,
      what: `${label}: the warm website answered ${window.tally.requests} requests, ${errors} 5xx/timeouts, ${unavailable} "try again" pages`,
    });
    const slowestCold = Math.max(0, ...coldProbes.map((result) => result.ms));
    checks.push({
      ok: coldProbes.every((result) => result.outcome === '503 page') && slowestCold < 6_000,
      what: `${label}: a website started meanwhile answered ${coldProbes.map((result) => result.outcome).join(', ')}, slowest ${Math.round(slowestCold)} ms`,
    });
    checks.push({
      ok: recovered !== undefined,
      what: `${label}: both websites served content again ${recovered === undefined ? 'NOT within 60 s' : `${(recovered / 1000).toFixed(1)} s after the API came back`}, without a restart`,
    });
    return { window, checks };
  } finally {
    finished = true;
    await load;
    await stack.setContentMode('pass');
    await cold.stop();
  }
}

/** The 95th percentile of some times (nearest rank). */
function p95(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0);
}

/** The public pages the campaign phase times: the home page, two CMS pages and a programme page. */
function publicPaths(targets: Targets): string[] {
  return ['/', '/about/mission-vision', '/contact', ...targets.programPaths.slice(0, 1)];
}

/**
 * Public page loads one at a time from one loopback client, round the paths, a pause between
 * them, until `count` were timed or `stop()`; returns each load's time (non-200 answers counted apart).
 */
async function timePublicPages(
  probe: Visitor,
  targets: Targets,
  count: number,
  stop: () => boolean = () => false,
): Promise<{ times: number[]; failures: number }> {
  const paths = publicPaths(targets);
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < count && !stop(); i++) {
    const result = await getPage(probe, `${targets.webUrl}${paths[i % paths.length]}`);
    if (result.outcome === 200) times.push(result.ms);
    else failures++;
    await sleep(100);
  }
  return { times, failures };
}

export interface CampaignFigures {
  subscribers: number;
  recipients: number;
  sendMs: number;
  queuedBySend: number;
  killedAt: Record<string, number>;
  killedAfterSeconds: number;
  restartedAfterSeconds: number | undefined;
  settledAfterSeconds: number;
  /** The idle windows before the send and after it settled; p95: the lower of theirs. */
  idle: { p95: number; samples: number; failures: number; load: string };
  idleBefore: { p95: number; load: string };
  idleAfter: { p95: number; load: string };
  sending: { p95: number; samples: number; failures: number; load: string };
}

/**
 * A newsletter campaign to `subscribers` confirmed subscribers (seeded in the soak's database),
 * its mail worker's Deno process killed with SIGKILL by its pid once about half is sent; the
 * stack starts the worker again on its next scheduled call. Once the outbox has settled (the
 * killed worker's claims become `uncertain` when their 120 s lease runs out), each recipient has
 * the campaign exactly once or is recorded `uncertain`, counted in the database and the capture.
 * Meanwhile the public site's p95 (pages one at a time from one client, loopback) during the send
 * is compared with its idle figure, timed the same way just before the send and after it (the
 * lower of the two).
 */
export async function campaignPhase(
  stack: SoakStack,
  targets: Targets,
  probe: Visitor,
  options: { subscribers: number; mailsPerMinute: number; idleSamples: number; load: () => string },
) {
  const checks: Check[] = [];
  const db = new pg.Client({ connectionString: stack.adminDatabaseUrl });
  await db.connect();
  try {
    await seedConfirmedSubscribers(db, options.subscribers, `soak-${targets.runTag}-campaign`);
    await setCampaignSettings(db, { mailsPerMinute: options.mailsPerMinute, queueBatchSize: 500 });
    for (const path of publicPaths(targets)) await getPage(probe, `${targets.webUrl}${path}`);
    const idle = await timePublicPages(probe, targets, options.idleSamples);
    const idleLoad = options.load();

    let sending = true;
    const timing = timePublicPages(probe, targets, 100_000, () => !sending);
    const began = performance.now();
    const seconds = () => (performance.now() - began) / 1000;
    const send = await sendCampaignAsMarketing(db, `Soak campaign ${targets.runTag}`);
    const { campaignId } = send;
    const half = send.recipients / 2;
    const deadline = began + 60 * 60_000;
    let progress = await campaignProgress(db, campaignId);
    while ((progress.sent ?? 0) < half && performance.now() < deadline) {
      await sleep(200);
      progress = await campaignProgress(db, campaignId);
    }
    const killed = await stack.mailWorkerPid();
    if (killed === undefined) throw new Error('the mail worker was not running at half the send');
    await killProcess(killed);
    const killedAfterSeconds = seconds();
    const killedAt = await campaignProgress(db, campaignId);
    let restartedAfterSeconds: number | undefined;
    while (!settled(progress) && performance.now() < deadline) {
      await sleep(1_000);
      progress = await campaignProgress(db, campaignId);
      if (restartedAfterSeconds === undefined) {
        const pid = await stack.mailWorkerPid();
        if (pid !== undefined && pid !== killed) restartedAfterSeconds = seconds();
      }
    }
    const settledAfterSeconds = seconds();
    sending = false;
    const during = await timing;
    const sendingLoad = options.load();
    // Idle again once the send is over: the two idle windows bracket the send, and the check
    // takes the lower of their p95s (the stricter), so that other work on the machine during one
    // idle window cannot make the send look cheap.
    const idleAfter = await timePublicPages(probe, targets, options.idleSamples);
    const idleAfterLoad = options.load();
    const delivery = await campaignDelivery(db, stack.mailApiUrl, campaignId);

    const figures: CampaignFigures = {
      subscribers: options.subscribers,
      recipients: send.recipients,
      sendMs: send.sendMs,
      queuedBySend: send.queuedBySend,
      killedAt,
      killedAfterSeconds,
      restartedAfterSeconds,
      settledAfterSeconds,
      idle: {
        p95: Math.min(p95(idle.times), p95(idleAfter.times)),
        samples: idle.times.length + idleAfter.times.length,
        failures: idle.failures + idleAfter.failures,
        load: `${idleLoad} before, ${idleAfterLoad} after`,
      },
      idleBefore: { p95: p95(idle.times), load: idleLoad },
      idleAfter: { p95: p95(idleAfter.times), load: idleAfterLoad },
      sending: { p95: p95(during.times), samples: during.times.length, failures: during.failures, load: sendingLoad },
    };
    const list = (counts: Record<string, number>) =>
      Object.entries(counts)
        .map(([key, value]) => `${key} ${value}`)
        .join(', ');
    checks.push({
      ok: settled(progress) && restartedAfterSeconds !== undefined,
      what: `campaign: ${send.recipients} recipients (send_newsletter_campaign ${(send.sendMs / 1000).toFixed(1)} s, queued ${send.queuedBySend} itself); mail worker (pid ${killed}) killed ${killedAfterSeconds.toFixed(0)} s in at ${list(killedAt)}; started again ${restartedAfterSeconds === undefined ? 'NEVER' : `${(restartedAfterSeconds - killedAfterSeconds).toFixed(0)} s later`}; outbox settled ${settledAfterSeconds.toFixed(0)} s after the send began`,
    });
    checks.push({
      ok:
        delivery.violations.length === 0 &&
        delivery.sentOnce + delivery.uncertainNotReceived + delivery.uncertainReceived === send.recipients,
      what: `campaign: ${delivery.sentOnce} recipients sent and captured exactly once, ${delivery.uncertainNotReceived + delivery.uncertainReceived} uncertain (${delivery.uncertainReceived} of them captured once, ${delivery.uncertainNotReceived} not), ${delivery.violations.length} otherwise${delivery.violations.length ? ` (e.g. ${JSON.stringify(delivery.violations.slice(0, 3))})` : ''}`,
    });
    const statesAgree =
      JSON.stringify(Object.entries(delivery.recipientStates).sort()) ===
      JSON.stringify(Object.entries(delivery.outbox).sort());
    checks.push({
      ok: statesAgree && delivery.captured === delivery.sentOnce + delivery.uncertainReceived,
      what: `campaign, counted: database recipients ${list(delivery.recipientStates)}; outbox ${list(delivery.outbox)}; capture ${delivery.captured} mails of the campaign`,
    });
    checks.push({
      ok: figures.sending.p95 <= 1.5 * figures.idle.p95 && figures.sending.failures === 0,
      what: `campaign: public pages' p95 during the send ${figures.sending.p95} ms (${figures.sending.samples} loads, ${figures.sending.failures} not 200, load ${sendingLoad}) vs idle ${figures.idle.p95} ms (the lower of two windows of ${options.idleSamples} loads: before the send ${figures.idleBefore.p95} ms at load ${idleLoad}, after it ${figures.idleAfter.p95} ms at load ${idleAfterLoad}): ${(figures.sending.p95 / Math.max(1, figures.idle.p95)).toFixed(2)}× (allowed 1.5×)`,
    });
    return { checks, figures };
  } finally {
    await db.end();
  }
}

export function visitorsFor(targets: Targets, count: number, salt: number): Visitor[] {
  return Array.from({ length: count }, (_, index) => createVisitor(targets, visitorAddress(index, salt)));
}
