/**
 * The mail worker sends newsletter campaigns (issue 32) on the shared stack: each recipient's
 * outbox row becomes one mail, HTML and text, with the preheader, the one-click unsubscribe link
 * and the RFC 8058 headers; the recipients' results follow the outbox. A campaign mail queued
 * ahead by the throttle holds back no other mail to the same address.
 *
 * The campaign and its recipients are written directly (as `postgres`), only for this file's own
 * subscribers: send_newsletter_campaign would address every confirmed subscriber of the shared
 * stack, which other files' tests count the mails of.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturedMail, type CapturedMessage } from '../support/mail-capture.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';

let stack: StackInfo;
let sql: pg.Client;

beforeAll(async () => {
  stack = stackInfo();
  sql = new pg.Client({ connectionString: stack.databaseUrl });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
});

async function subscriber(status: 'confirmed' | 'pending' = 'confirmed') {
  const email = `campaign-${randomUUID()}@example.com`;
  const { rows } = await sql.query<{ id: string; token: string }>(
    `insert into public.newsletter_subscribers (email, status, confirmed_at, consent_text, consented_at)
     values ($1, $2, case when $2 = 'confirmed' then now() end, 'consent', now()) returning id, token`,
    [email, status],
  );
  return { email, ...rows[0]! };
}

/** A campaign being sent to exactly these subscribers, its mails queued through the throttle. */
async function campaignTo(subscriberIds: string[]) {
  const { rows } = await sql.query<{ id: string }>(
    // By interest, for a topic no one else has: a campaign to all, once sent, would be the welcome of
    // everyone other files confirm on this stack (20261129330200_newsletter_welcome.sql).
    `insert into public.newsletter_campaigns (subject, preheader, body_text, body_html, state, send_started_at, audience, audience_topic)
     values ('Intakes this December', 'Three programmes start soon',
             'Strategic Leadership starts on 7 December.', '<h1>Intakes this December</h1><p>Strategic Leadership starts on 7 December.</p>',
             'sending', now(), 'interest', 'newsletter-campaign-mail.test.ts')
     returning id`,
  );
  const campaignId = rows[0]!.id;
  await sql.query(
    `insert into public.newsletter_campaign_recipients (campaign_id, subscriber_id) select $1, unnest($2::uuid[])`,
    [campaignId, subscriberIds],
  );
  await sql.query('select private.queue_newsletter_campaign_mails($1)', [campaignId]);
  return campaignId;
}

async function mailsTo(email: string, count: number): Promise<CapturedMessage[]> {
  return vi.waitFor(
    async () => {
      const mails = await capturedMail(stack.mailApiUrl, { to: email });
      expect(mails).toHaveLength(count);
      return mails;
    },
    { timeout: 20_000, interval: 250 },
  );
}

describe('newsletter campaign mails', () => {
  it('sends each recipient the campaign once, HTML and text, with the one-click unsubscribe link and headers', async () => {
    const readers = [await subscriber(), await subscriber()];
    const campaignId = await campaignTo(readers.map((reader) => reader.id));

    for (const reader of readers) {
      const [mail] = await mailsTo(reader.email, 1);
      const unsubscribe = `${stack.webUrl}/unsubscribe?token=${reader.token}`;
      expect(mail!.subject).toBe('Intakes this December');
      expect(mail!.html).toContain('<h1>Intakes this December</h1>');
      expect(mail!.html).toContain('Three programmes start soon');
      expect(mail!.html).toContain(`href="${unsubscribe}"`);
      expect(mail!.text).toContain('Strategic Leadership starts on 7 December.');
      expect(mail!.text).toContain(unsubscribe);
      expect(mail!.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
      expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    }

    await vi.waitFor(
      async () => {
        const { rows } = await sql.query<{ state: string }>(
          `select c.state from public.newsletter_campaigns c where c.id = $1`,
          [campaignId],
        );
        expect(rows[0]!.state).toBe('sent');
      },
      { timeout: 20_000, interval: 250 },
    );
    const { rows: results } = await sql.query<{ state: string; count: number }>(
      `select state, count(*)::integer as count from public.newsletter_campaign_recipients
        where campaign_id = $1 group by state`,
      [campaignId],
    );
    expect(results).toEqual([{ state: 'sent', count: 2 }]);
    // Once each, also after the worker ran on.
    for (const reader of readers) expect(await capturedMail(stack.mailApiUrl, { to: reader.email })).toHaveLength(1);
  });

  it('lets a campaign mail due later hold back no other mail to the same address', async () => {
    const reader = await subscriber();
    const campaignId = await campaignTo([reader.id]);
    await sql.query(
      `update public.mail_outbox set next_attempt_at = now() + interval '1 hour'
        where kind = 'newsletter_campaign' and recipient = $1`,
      [reader.email],
    );
    await sql.query(
      `insert into public.mail_outbox (kind, subscriber_id, recipient) values ('newsletter_welcome', $1, $2)`,
      [reader.id, reader.email],
    );

    const [welcome] = await mailsTo(reader.email, 1);
    expect(welcome!.subject).toBe('Welcome to the Ascent newsletter');
    await sql.query('delete from public.newsletter_campaigns where id = $1', [campaignId]);
  });
});
