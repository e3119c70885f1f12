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

/** A campaign written (its state `sending`, no mail queued yet), as the form stores it. */
async function writeCampaign(bodyText = 'Strategic Leadership starts on 7 December.') {
  const { rows } = await sql.query<{ id: string }>(
    // By interest, for a topic no one else has: a campaign to all, once sent, would be the welcome of
    // everyone other files confirm on this stack (20261129330200_newsletter_welcome.sql).
    `insert into public.newsletter_campaigns (subject, preheader, body_text, body_html, state, send_started_at, audience, audience_topic)
     values ('Intakes this December', 'Three programmes start soon', $1, '<p>as written</p>', 'sending', now(),
             'interest', 'newsletter-campaign-mail.test.ts')
     returning id`,
    [bodyText],
  );
  return rows[0]!.id;
}

/** The written campaign sent to exactly these subscribers, its mails queued through the throttle. */
async function send(campaignId: string, subscriberIds: string[]) {
  await sql.query(
    `insert into public.newsletter_campaign_recipients (campaign_id, subscriber_id) select $1, unnest($2::uuid[])`,
    [campaignId, subscriberIds],
  );
  await sql.query('select private.queue_newsletter_campaign_mails($1)', [campaignId]);
  return campaignId;
}

/** A campaign being sent to exactly these subscribers. */
async function campaignTo(subscriberIds: string[]) {
  return send(await writeCampaign(), subscriberIds);
}

/** A published program, one intake of it and a published event, made for one test. */
async function catalogue() {
  const tag = randomUUID().slice(0, 8);
  const program = await sql.query<{ id: string; slug: string }>(
    `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, is_published)
     values ($1, $2, 'Leadership', 'Campaign blocks', 'A program for the campaign block test.', '5 days', 65000, 'KES', true)
     returning id, slug`,
    [`Block Leadership ${tag}`, `block-leadership-${tag}`],
  );
  const { id: programId, slug } = program.rows[0]!;
  const intake = await sql.query<{ id: string }>(
    `insert into public.program_intakes (program_id, starts_on, ends_on, is_online, capacity, is_published)
     values ($1, '2099-12-07', '2099-12-11', true, 20, true) returning id`,
    [programId],
  );
  const event = await sql.query<{ id: string; slug: string }>(
    `insert into public.events (title, description, venue, starts_at, ends_at, price_amount, currency, is_published)
     values ($1, 'An event for the campaign block test.', 'Ridgeways', '2099-12-02T08:00:00Z', '2099-12-02T14:00:00Z', 40, 'USD', true)
     returning id, slug`,
    [`Block Open Day ${tag}`],
  );
  return {
    program: { id: programId, slug, title: `Block Leadership ${tag}` },
    intakeId: intake.rows[0]!.id,
    event: { ...event.rows[0]!, title: `Block Open Day ${tag}` },
  };
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
      expect(mail!.html).toContain('<p>Strategic Leadership starts on 7 December.</p>');
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

  it('shows the program, intake and event blocks with their title, link, price and dates as they are when sent', async () => {
    const reader = await subscriber();
    const { program, intakeId, event } = await catalogue();
    const campaignId = await writeCampaign(
      [
        'This month:',
        `[[program:${program.id}]]`,
        `[[intake:${intakeId}]]`,
        `[[event:${event.id}]]`,
        '',
        'See you there.',
      ].join('\n'),
    );
    // Prices change after the campaign was written: the mail shows the new ones.
    await sql.query(`update public.training_programs set price_amount = 72500 where id = $1`, [program.id]);
    await sql.query(`update public.events set price_amount = 45.5 where id = $1`, [event.id]);
    await send(campaignId, [reader.id]);

    const [mail] = await mailsTo(reader.email, 1);
    const programUrl = `${stack.webUrl}/training/${program.slug}`;
    const eventUrl = `${stack.webUrl}/events/${event.slug}/register`;
    for (const part of [mail!.html, mail!.text]) {
      expect(part).toContain(program.title);
      expect(part).toContain(programUrl);
      expect(part).toContain('KES 72,500');
      expect(part).not.toContain('KES 65,000');
      expect(part).toContain('7 Dec 2099 to 11 Dec 2099, Online');
      expect(part).toContain(event.title);
      expect(part).toContain(eventUrl);
      expect(part).toContain('USD 45.50');
      expect(part).not.toContain('USD 40');
      expect(part).toContain('2 Dec 2099, 11:00 EAT to 2 Dec 2099, 17:00 EAT, Ridgeways');
      expect(part).toContain('See you there.');
      expect(part).not.toContain('[[');
    }
    expect(mail!.html).toContain(`<a href="${programUrl}">${program.title}</a>`);
    expect(mail!.text).toContain(
      `Intake: ${program.title}\n7 Dec 2099 to 11 Dec 2099, Online\nKES 72,500\n${programUrl}`,
    );
  });

  it('leaves out a block whose program was unpublished or deleted before sending, and still sends the rest', async () => {
    const reader = await subscriber();
    const { program, intakeId, event } = await catalogue();
    const campaignId = await writeCampaign(
      [`[[program:${program.id}]]`, `[[intake:${intakeId}]]`, `[[event:${event.id}]]`, 'See you there.'].join('\n'),
    );
    await sql.query(`update public.training_programs set is_published = false where id = $1`, [program.id]);
    await sql.query(`delete from public.events where id = $1`, [event.id]);
    await send(campaignId, [reader.id]);

    const [mail] = await mailsTo(reader.email, 1);
    for (const part of [mail!.html, mail!.text]) {
      expect(part).not.toContain(program.title);
      expect(part).not.toContain(event.title);
      expect(part).not.toContain('[[');
      expect(part).toContain('See you there.');
    }
    await vi.waitFor(
      async () => {
        const { rows } = await sql.query<{ state: string }>(
          `select state from public.newsletter_campaign_recipients where campaign_id = $1`,
          [campaignId],
        );
        expect(rows).toEqual([{ state: 'sent' }]);
      },
      { timeout: 20_000, interval: 250 },
    );
  });

  it('records a mail the receiving server refuses for good as failed at once, and counts the hard bounce', async () => {
    // The local capture refuses every address at a .invalid domain with 550, as a relay does a domain that cannot exist.
    const { rows } = await sql.query<{ id: string; email: string }>(
      `insert into public.newsletter_subscribers (email, status, confirmed_at, consent_text, consented_at)
       values ($1, 'confirmed', now(), 'consent', now()) returning id, email`,
      [`reader-${randomUUID()}@gone.invalid`],
    );
    const reader = rows[0]!;
    const campaignId = await campaignTo([reader.id]);
    const outcome = await vi.waitFor(
      async () => {
        const { rows: recipients } = await sql.query<{ state: string }>(
          'select state from public.newsletter_campaign_recipients where campaign_id = $1',
          [campaignId],
        );
        expect(recipients[0]!.state).not.toBe('queued');
        return recipients[0]!.state;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(outcome).toBe('failed');
    const mail = await sql.query<{ status: string; attempts: number; last_error: string }>(
      `select status, attempts, last_error from public.mail_outbox where kind = 'newsletter_campaign' and recipient = $1`,
      [reader.email],
    );
    // Failed at the first attempt, not retried as a server that is down would be.
    expect(mail.rows).toEqual([
      { status: 'failed', attempts: 1, last_error: expect.stringMatching(/^bounced \(550\)/) },
    ]);
    const subscriberRow = await sql.query(
      'select status, hard_bounces from public.newsletter_subscribers where id = $1',
      [reader.id],
    );
    expect(subscriberRow.rows[0]).toEqual({ status: 'confirmed', hard_bounces: 1 });
    expect(await capturedMail(stack.mailApiUrl, { to: reader.email })).toEqual([]);
    await sql.query('delete from public.newsletter_campaigns where id = $1', [campaignId]);
  });
});
