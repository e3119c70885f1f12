/**
 * A newsletter campaign's send survives its mail worker being killed midway (issue 32), on a stack
 * of this file's own (it kills the stack's mail worker and counts every campaign mail): 300
 * subscribers, their mails queued in batches of 50 (the first by send_newsletter_campaign, the
 * rest by the worker's own step, each batch one transaction that queues only recipients without
 * mail), the worker's Deno process killed with SIGKILL by its pid once half are sent, while it
 * holds claimed mails. The stack starts it again on its next scheduled call; when the outbox has
 * settled every recipient has the campaign exactly once, or is recorded `uncertain` (its mail
 * claimed by the killed worker: sent or not, never resent), and the database's counts agree with
 * the capture's. The 20,000-subscriber version with the public site's latency is the soak's
 * campaign phase (docs/operations.md, "Load and faults").
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MAIL_WORKER,
  campaignDelivery,
  campaignProgress,
  killProcess,
  seedConfirmedSubscribers,
  sendCampaignAsMarketing,
  setCampaignSettings,
  settled,
} from '../support/campaign-send.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;
let sql: pg.Client;

beforeAll(async () => {
  stack = await startTestStack({ website: false });
  sql = new pg.Client({ connectionString: stack.info.adminDatabaseUrl });
  await sql.connect();
}, 180_000);

afterAll(async () => {
  await sql?.end();
  await stack?.stop();
});

describe('a newsletter campaign whose mail worker is killed midway', () => {
  it('gives each recipient the campaign exactly once, or records them uncertain, and counts agree', async () => {
    await setCampaignSettings(sql, { mailsPerMinute: 100_000, queueBatchSize: 50 });
    await seedConfirmedSubscribers(sql, 300, 'crash-test');
    const send = await sendCampaignAsMarketing(sql, 'Killed midway');
    const { campaignId } = send;
    expect(send.recipients).toBeGreaterThanOrEqual(300);
    // The snapshot is whole at once; the mails are queued a batch at a time.
    expect(send.queuedBySend).toBe(50);

    // Half sent, and the worker holding claimed mails it has not marked yet.
    await vi.waitFor(
      async () => {
        const progress = await campaignProgress(sql, campaignId);
        expect(progress.sent ?? 0).toBeGreaterThanOrEqual(send.recipients / 2);
        expect(progress.sending ?? 0).toBeGreaterThan(0);
      },
      { timeout: 180_000, interval: 20 },
    );
    const killed = await stack.functionPid(MAIL_WORKER);
    expect(killed).toBeTypeOf('number');
    await killProcess(killed!);
    const claimed = await sql.query<{ id: string }>(
      `select m.id from public.mail_outbox m join public.newsletter_campaign_recipients r on r.id = m.campaign_recipient_id
        where r.campaign_id = $1 and m.status = 'sending'`,
      [campaignId],
    );
    const claimedIds = claimed.rows.map((row) => row.id);
    // The dead worker's leases run out (moved forward rather than waited for: 120 s).
    await sql.query(
      `update public.mail_outbox set lease_until = now() - interval '1 second' where id = any($1) and status = 'sending'`,
      [claimedIds],
    );

    await vi.waitFor(async () => expect(settled(await campaignProgress(sql, campaignId))).toBe(true), {
      timeout: 240_000,
      interval: 500,
    });
    // The stack started the worker again on its next scheduled call: a new process.
    const restarted = await stack.functionPid(MAIL_WORKER);
    expect(restarted).toBeTypeOf('number');
    expect(restarted).not.toBe(killed);

    const delivery = await campaignDelivery(sql, stack.info.mailApiUrl, campaignId);
    expect(delivery.violations).toEqual([]);
    expect(delivery.sentOnce + delivery.uncertainNotReceived + delivery.uncertainReceived).toBe(send.recipients);
    expect(delivery.sentOnce).toBeGreaterThanOrEqual(send.recipients - claimedIds.length);
    // The database's counts: the recipients' states follow the outbox; the capture holds one
    // copy per sent mail and at most one per uncertain one.
    expect(delivery.recipientStates).toEqual(delivery.outbox);
    expect(delivery.captured).toBe(delivery.sentOnce + delivery.uncertainReceived);
    // What the killed worker held is uncertain (a mark already on its way when it died: sent).
    const claimedNow = await sql.query<{ status: string }>(
      `select distinct status from public.mail_outbox where id = any($1)`,
      [claimedIds],
    );
    expect(claimedNow.rows.map((row) => row.status).filter((status) => status !== 'sent')).toEqual(['uncertain']);
    const campaign = await sql.query<{ state: string }>('select state from public.newsletter_campaigns where id = $1', [
      campaignId,
    ]);
    expect(campaign.rows[0]!.state).toBe('sent');
  }, 600_000);
});
