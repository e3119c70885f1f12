/**
 * A newsletter campaign sent to many subscribers and killed midway, as the integration test
 * (tests/integration/newsletter-campaign-crash.test.ts) and the soak's campaign phase
 * (scripts/soak/phases.ts) do it: seed confirmed subscribers, send as a marketing staff member
 * through send_newsletter_campaign, kill the mail worker's Deno process by its pid, and count,
 * per recipient, the outbox's outcome against the mails the local capture received.
 *
 * Every query here runs as the superuser of a throwaway database (it writes auth.users).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { capturedMail } from './mail-capture.ts';

/** The edge function that sends the outbox (local/stack.ts schedules it every 2 s). */
export const MAIL_WORKER = 'process-mail-outbox';

/** `count` confirmed subscribers, `<prefix>-<n>@example.com`, in one statement. */
export async function seedConfirmedSubscribers(db: pg.ClientBase, count: number, prefix: string): Promise<void> {
  await db.query(
    `insert into public.newsletter_subscribers (email, status, confirmed_at, consent_text, consented_at)
     select $2 || '-' || n || '@example.com', 'confirmed', now(), 'consent', now() from generate_series(1, $1) n`,
    [count, prefix],
  );
}

/** Sets the campaign throttle (mails per minute) and the size of a queueing batch of this database. */
export async function setCampaignSettings(
  db: pg.ClientBase,
  settings: { mailsPerMinute: number; queueBatchSize: number },
): Promise<void> {
  await db.query('update private.newsletter_campaign_settings set mails_per_minute = $1, queue_batch_size = $2', [
    settings.mailsPerMinute,
    settings.queueBatchSize,
  ]);
}

export interface CampaignSend {
  campaignId: string;
  recipients: number;
  /** Mails send_newsletter_campaign queued itself (the first batch; the worker queues the rest). */
  queuedBySend: number;
  /** How long send_newsletter_campaign took (the audience snapshot and the first batch). */
  sendMs: number;
}

/**
 * A marketing staff member (with an aal2 session) writes a campaign to every confirmed subscriber
 * and sends it, each in a transaction under their JWT claims, as the admin's requests run.
 */
export async function sendCampaignAsMarketing(db: pg.ClientBase, subject: string): Promise<CampaignSend> {
  const user = randomUUID();
  const session = randomUUID();
  const email = `marketing-${user}@ascent.example`;
  await db.query('insert into auth.users (id, email) values ($1, $2)', [user, email]);
  await db.query(`insert into public.staff (user_id, email, roles) values ($1, $2, array['marketing'])`, [user, email]);
  await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [session, user]);
  const claims = JSON.stringify({ sub: user, role: 'authenticated', aal: 'aal2', session_id: session });
  const asMarketing = async <T extends pg.QueryResultRow>(sql: string, params: unknown[]) => {
    await db.query('begin');
    try {
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
      await db.query('set local role authenticated');
      const result = await db.query<T>(sql, params);
      await db.query('commit');
      return result.rows[0]!;
    } catch (error) {
      await db.query('rollback');
      throw error;
    }
  };
  const { id } = await asMarketing<{ id: string }>(
    `insert into public.newsletter_campaigns (subject, preheader, body_text, body_html)
     values ($1, 'The monthly news', 'New intakes this month.', '<p>New intakes this month.</p>') returning id`,
    [subject],
  );
  const began = performance.now();
  const sent = await asMarketing<{ recipients: number; queued: number }>(
    'select * from public.send_newsletter_campaign($1)',
    [id],
  );
  return { campaignId: id, recipients: sent.recipients, queuedBySend: sent.queued, sendMs: performance.now() - began };
}

/** The outbox's campaign mails by status, and the recipients still without one. */
export async function campaignProgress(db: pg.ClientBase, campaignId: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; count: number }>(
    `select coalesce(m.status, 'unqueued') as status, count(*)::int as count
       from public.newsletter_campaign_recipients r
       left join public.mail_outbox m on m.kind = 'newsletter_campaign' and m.campaign_recipient_id = r.id
      where r.campaign_id = $1 and r.state <> 'skipped'
      group by 1`,
    [campaignId],
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

/** Nothing of the campaign left to queue, claim or mark. */
export function settled(progress: Record<string, number>): boolean {
  return !progress.unqueued && !progress.pending && !progress.sending;
}

/** Kills a process with SIGKILL (a crash: no chance to mark what it sent) and waits until it is gone. */
export async function killProcess(pid: number, timeoutMs = 10_000): Promise<void> {
  process.kill(pid, 'SIGKILL');
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (performance.now() > deadline) throw new Error(`process ${pid} still runs ${timeoutMs} ms after SIGKILL`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface CampaignDelivery {
  recipients: number;
  /** The outbox's outcome per recipient (sent, uncertain, failed, pending, sending, unqueued). */
  outbox: Record<string, number>;
  /** The recipients' own state (newsletter_campaign_recipients.state), as the admin's results count it. */
  recipientStates: Record<string, number>;
  /** Captured mails of this campaign (by their Message-ID, which names the outbox row). */
  captured: number;
  /** Recipients marked sent whose mail was captured once. */
  sentOnce: number;
  /** Recipients recorded uncertain, by how many of their mail were captured (0 or 1). */
  uncertainNotReceived: number;
  uncertainReceived: number;
  /** Recipients who are neither sent-and-received-once nor uncertain with at most one copy. */
  violations: Array<{ email: string; status: string; captured: number }>;
}

/** Each recipient of the campaign: its outbox row's status against the copies the capture holds. */
export async function campaignDelivery(
  db: pg.ClientBase,
  mailApiUrl: string,
  campaignId: string,
): Promise<CampaignDelivery> {
  const { rows } = await db.query<{ id: string | null; email: string; status: string | null }>(
    `select m.id, s.email, m.status
       from public.newsletter_campaign_recipients r
       join public.newsletter_subscribers s on s.id = r.subscriber_id
       left join public.mail_outbox m on m.kind = 'newsletter_campaign' and m.campaign_recipient_id = r.id
      where r.campaign_id = $1`,
    [campaignId],
  );
  const states = await db.query<{ state: string; count: number }>(
    `select state, count(*)::int as count from public.newsletter_campaign_recipients where campaign_id = $1 group by 1`,
    [campaignId],
  );
  const copies = new Map<string, number>();
  for (const message of await capturedMail(`${mailApiUrl}?headers-only`)) {
    const id = /^<?([0-9a-f-]{36})@/i.exec(message.messageId ?? '')?.[1]?.toLowerCase();
    if (id) copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  const delivery: CampaignDelivery = {
    recipients: rows.length,
    outbox: {},
    recipientStates: Object.fromEntries(states.rows.map((row) => [row.state, row.count])),
    captured: 0,
    sentOnce: 0,
    uncertainNotReceived: 0,
    uncertainReceived: 0,
    violations: [],
  };
  for (const row of rows) {
    const status = row.status ?? 'unqueued';
    const captured = row.id ? (copies.get(row.id) ?? 0) : 0;
    delivery.outbox[status] = (delivery.outbox[status] ?? 0) + 1;
    delivery.captured += captured;
    if (status === 'sent' && captured === 1) delivery.sentOnce++;
    else if (status === 'uncertain' && captured === 0) delivery.uncertainNotReceived++;
    else if (status === 'uncertain' && captured === 1) delivery.uncertainReceived++;
    else delivery.violations.push({ email: row.email, status, captured });
  }
  return delivery;
}
