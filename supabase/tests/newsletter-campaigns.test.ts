/**
 * Newsletter campaigns in the database (issue 32, item 1) on a real PostgreSQL: marketing sends a
 * campaign to the confirmed subscribers through the mail outbox, one mail per recipient however
 * often send is called, spread by the throttle; a subscriber who unsubscribes during the send
 * gets nothing more; stopping withdraws the mails not yet claimed; other roles are refused.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;
const staff: Record<'marketing' | 'finance', { user: string; session: string }> = {
  marketing: { user: randomUUID(), session: randomUUID() },
  finance: { user: randomUUID(), session: randomUUID() },
};

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
  for (const [role, { user, session }] of Object.entries(staff)) {
    await db.query(`insert into auth.users (id, email) values ($1, $2)`, [user, `${role}@ascent.example`]);
    await db.query(`insert into public.staff (user_id, email, roles) values ($1, $2, array[$3])`, [
      user,
      `${role}@ascent.example`,
      role,
    ]);
    await db.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [session, user]);
  }
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await db.query('truncate public.newsletter_campaigns, public.newsletter_subscribers cascade');
  await db.query('update private.newsletter_campaign_settings set mails_per_minute = 120, queue_batch_size = 500');
});

type Caller = keyof typeof staff;

/** A statement as a staff member (claims and role for one transaction). */
async function as<T extends pg.QueryResultRow>(caller: Caller, sql: string, params: unknown[] = []) {
  await db.query('begin');
  try {
    const claims = { sub: staff[caller].user, role: 'authenticated', aal: 'aal2', session_id: staff[caller].session };
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await db.query('set local role authenticated');
    const result = await db.query<T>(sql, params);
    await db.query('commit');
    return result;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

async function refusal(caller: Caller, sql: string, params: unknown[] = []): Promise<pg.DatabaseError> {
  const error: unknown = await as(caller, sql, params).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof pg.DatabaseError)) throw new Error(`expected a refusal of: ${sql}`);
  return error;
}

/** Subscribers in each state; returns their ids by e-mail. */
async function subscribers(count: number, status: 'confirmed' | 'pending' | 'unsubscribed' = 'confirmed') {
  const { rows } = await db.query<{ id: string; email: string }>(
    `insert into public.newsletter_subscribers (email, status, confirmed_at, consent_text, consented_at, unsubscribed_at)
     select 'reader-' || $2 || '-' || n || '@ascent.example', $2,
            now(), 'consent', now(), case when $2 = 'unsubscribed' then now() end
       from generate_series(1, $1) n
     returning id, email`,
    [count, status],
  );
  return rows;
}

async function draft(): Promise<string> {
  const { rows } = await as<{ id: string }>(
    'marketing',
    `insert into public.newsletter_campaigns (subject, preheader, body_text, body_html)
     values ('November at Ascent', 'New intakes', 'Hello', '<p>Hello</p>') returning id`,
  );
  return rows[0]!.id;
}

const send = (campaign: string, caller: Caller = 'marketing') =>
  as<{ recipients: number; queued: number }>(caller, 'select * from public.send_newsletter_campaign($1)', [campaign]);

async function campaignMails(campaign: string) {
  const { rows } = await db.query<{ recipient: string; status: string; after_first: number }>(
    `select m.recipient, m.status, extract(epoch from m.next_attempt_at - min(m.next_attempt_at) over ())::float8 as after_first
       from public.mail_outbox m join public.newsletter_campaign_recipients r on r.id = m.campaign_recipient_id
      where m.kind = 'newsletter_campaign' and r.campaign_id = $1 order by m.next_attempt_at`,
    [campaign],
  );
  return rows;
}

async function recipientStates(campaign: string) {
  const { rows } = await db.query<{ state: string; count: number }>(
    `select state, count(*)::int as count from public.newsletter_campaign_recipients
      where campaign_id = $1 group by state order by state`,
    [campaign],
  );
  return Object.fromEntries(rows.map((row) => [row.state, row.count]));
}

const campaignState = async (campaign: string) =>
  (await db.query<{ state: string }>('select state from public.newsletter_campaigns where id = $1', [campaign]))
    .rows[0]!.state;

describe('send_newsletter_campaign', () => {
  it('queues one mail per confirmed subscriber, and a second call queues nothing twice', async () => {
    const confirmed = await subscribers(3);
    await subscribers(2, 'pending');
    await subscribers(1, 'unsubscribed');
    const campaign = await draft();

    expect((await send(campaign)).rows[0]).toEqual({ recipients: 3, queued: 3 });
    expect((await send(campaign)).rows[0]).toEqual({ recipients: 3, queued: 0 });

    const mails = await campaignMails(campaign);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(confirmed.map((row) => row.email).sort());
    expect(await campaignState(campaign)).toBe('sending');
    expect(await recipientStates(campaign)).toEqual({ queued: 3 });
  });

  it('spreads the mails by the per-minute throttle', async () => {
    await db.query('update private.newsletter_campaign_settings set mails_per_minute = 2');
    await subscribers(4);
    const campaign = await draft();
    await send(campaign);
    const gaps = (await campaignMails(campaign)).map((mail) => Math.round(mail.after_first));
    // Two a minute: the first, then +30 s, +60 s, +90 s.
    expect(gaps).toEqual([0, 30, 60, 90]);
  });

  it("queues a large audience in batches, each once and at the throttle's pace, a step that dies queueing nothing", async () => {
    await db.query('update private.newsletter_campaign_settings set mails_per_minute = 2, queue_batch_size = 2');
    const readers = await subscribers(5);
    const campaign = await draft();
    // The snapshot is whole; send queues the first batch, the mail worker's step the rest.
    expect((await send(campaign)).rows[0]).toEqual({ recipients: 5, queued: 2 });
    const step = async () =>
      (await db.query<{ queued: number }>('select public.queue_newsletter_campaign_batch() as queued')).rows[0]!.queued;
    // A worker killed mid-step: its transaction never commits, and nothing of it stays.
    await db.query('begin');
    expect(await step()).toBe(2);
    await db.query('rollback');
    expect(await campaignMails(campaign)).toHaveLength(2);

    expect([await step(), await step(), await step()]).toEqual([2, 1, 0]);
    const mails = await campaignMails(campaign);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(readers.map((row) => row.email).sort());
    expect(mails.map((mail) => Math.round(mail.after_first))).toEqual([0, 30, 60, 90, 120]);
    expect(await recipientStates(campaign)).toEqual({ queued: 5 });
    // Only service role runs the step.
    const refused: unknown = await as('marketing', 'select public.queue_newsletter_campaign_batch()').catch(
      (error: unknown) => error,
    );
    expect((refused as pg.DatabaseError).code).toBe('42501');
  });

  it('snapshots once: someone confirming after the send is not added by a second call', async () => {
    await subscribers(2);
    const campaign = await draft();
    await send(campaign);
    await db.query(`insert into public.newsletter_subscribers (email, status, confirmed_at, consent_text, consented_at)
                    values ('late@ascent.example', 'confirmed', now(), 'consent', now())`);
    expect((await send(campaign)).rows[0]).toEqual({ recipients: 2, queued: 0 });
  });

  it('a subscriber who unsubscribes during the send gets nothing after that moment', async () => {
    const [leaving, staying] = await subscribers(2);
    const campaign = await draft();
    await send(campaign);
    const { rows } = await db.query<{ status: string }>(
      'select status from public.newsletter_unsubscribe((select token from public.newsletter_subscribers where id = $1))',
      [leaving!.id],
    );
    expect(rows[0]!.status).toBe('unsubscribed');

    expect((await campaignMails(campaign)).map((mail) => mail.recipient)).toEqual([staying!.email]);
    expect(await recipientStates(campaign)).toEqual({ queued: 1, skipped: 1 });
    // Sending again does not bring the mail back.
    expect((await send(campaign)).rows[0]).toEqual({ recipients: 2, queued: 0 });
    expect((await campaignMails(campaign)).map((mail) => mail.recipient)).toEqual([staying!.email]);
  });

  it("records the outbox's outcome per recipient and marks the campaign sent when none is left queued", async () => {
    await subscribers(2);
    const campaign = await draft();
    await send(campaign);
    await db.query(
      `update public.mail_outbox m set status = case when m.recipient like '%-1@%' then 'sent' else 'uncertain' end,
              sent_at = case when m.recipient like '%-1@%' then now() end
        where m.kind = 'newsletter_campaign'`,
    );
    expect(await recipientStates(campaign)).toEqual({ sent: 1, uncertain: 1 });
    expect(await campaignState(campaign)).toBe('sent');
    expect((await refusal('marketing', 'select * from public.send_newsletter_campaign($1)', [campaign])).hint).toBe(
      'campaign_not_sendable',
    );
  });

  it('refuses other roles and unknown campaigns', async () => {
    await subscribers(1);
    const campaign = await draft();
    expect((await refusal('finance', 'select * from public.send_newsletter_campaign($1)', [campaign])).code).toBe(
      '42501',
    );
    expect((await refusal('finance', 'select public.stop_newsletter_campaign($1)', [campaign])).code).toBe('42501');
    expect((await refusal('marketing', 'select * from public.send_newsletter_campaign($1)', [randomUUID()])).hint).toBe(
      'campaign_not_found',
    );
    expect(await campaignMails(campaign)).toEqual([]);
    // Finance does not read campaigns either.
    expect((await as('finance', 'select id from public.newsletter_campaigns')).rows).toEqual([]);
  });

  it('only a draft is edited: a sending campaign keeps what was sent', async () => {
    await subscribers(1);
    const campaign = await draft();
    await send(campaign);
    const { rowCount } = await as(
      'marketing',
      `update public.newsletter_campaigns set subject = 'Changed' where id = $1`,
      [campaign],
    );
    expect(rowCount).toBe(0);
    expect(
      (await refusal('marketing', `update public.newsletter_campaigns set state = 'draft' where id = $1`, [campaign]))
        .code,
    ).toBe('42501');
  });
});

describe('stop_newsletter_campaign', () => {
  it('withdraws the mails not yet claimed and records their recipients skipped', async () => {
    await subscribers(3);
    const campaign = await draft();
    await send(campaign);
    // The worker has sent one and is sending another.
    const mails = await campaignMails(campaign);
    await db.query(`update public.mail_outbox set status = 'sent', sent_at = now() where recipient = $1`, [
      mails[0]!.recipient,
    ]);
    await db.query(
      `update public.mail_outbox set status = 'sending', claim_id = gen_random_uuid(), lease_until = now() + interval '1 minute' where recipient = $1`,
      [mails[1]!.recipient],
    );

    await as('marketing', 'select public.stop_newsletter_campaign($1)', [campaign]);

    expect((await campaignMails(campaign)).map((mail) => mail.status).sort()).toEqual(['sending', 'sent']);
    expect(await recipientStates(campaign)).toEqual({ queued: 1, sent: 1, skipped: 1 });
    expect(await campaignState(campaign)).toBe('stopped');
    expect((await refusal('marketing', 'select * from public.send_newsletter_campaign($1)', [campaign])).hint).toBe(
      'campaign_not_sendable',
    );
    // The claimed mail's outcome is still recorded; the campaign stays stopped.
    await db.query(
      `update public.mail_outbox set status = 'sent', sent_at = now(), claim_id = null, lease_until = null where recipient = $1`,
      [mails[1]!.recipient],
    );
    expect(await recipientStates(campaign)).toEqual({ sent: 2, skipped: 1 });
    expect(await campaignState(campaign)).toBe('stopped');
  });

  it('refuses a draft', async () => {
    const campaign = await draft();
    expect((await refusal('marketing', 'select public.stop_newsletter_campaign($1)', [campaign])).hint).toBe(
      'campaign_not_stoppable',
    );
  });
});

describe('interests and the audience by interest', () => {
  async function program(category: string) {
    await db.query(
      `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, is_published)
       values ($1, $2, $3, 'Focus', 'Description', '5 days', 1000, 'KES', true)`,
      [`Program ${category}`, `program-${randomUUID()}`, category],
    );
  }
  const tokenOf = async (id: string) =>
    (await db.query<{ token: string }>('select token from public.newsletter_subscribers where id = $1', [id])).rows[0]!
      .token;
  const setInterests = async (id: string, topics: string[]) =>
    (
      await db.query<{ ok: boolean }>('select public.newsletter_set_interests($1, $2) as ok', [
        await tokenOf(id),
        topics,
      ])
    ).rows[0]!.ok;

  it('offers the published programs’ categories and events, and stores a confirmed subscriber’s choice with consent', async () => {
    await program('Leadership');
    await program('Finance');
    const { rows: topics } = await db.query<{ t: string }>('select t from public.newsletter_topics() t');
    expect(topics.map((row) => row.t)).toEqual(expect.arrayContaining(['Finance', 'Leadership', 'Events']));
    expect(topics.at(-1)!.t).toBe('Events');

    const [reader] = await subscribers(1);
    const [pending] = await subscribers(1, 'pending');
    expect(await setInterests(reader!.id, ['Leadership', 'Events'])).toBe(true);
    expect(await setInterests(reader!.id, ['Leadership'])).toBe(true);
    expect(await setInterests(pending!.id, ['Leadership'])).toBe(false);
    const { rows } = await db.query<{ topic: string; consent_text: string }>(
      'select topic, consent_text from public.newsletter_subscriber_interests where subscriber_id = $1',
      [reader!.id],
    );
    expect(rows).toEqual([{ topic: 'Leadership', consent_text: 'I want newsletter mail about: Leadership' }]);
    const refused = await db
      .query('select public.newsletter_set_interests($1, $2)', [await tokenOf(reader!.id), ['Astrology']])
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toMatchObject({ hint: 'unknown_topic', message: 'There is no newsletter topic “Astrology”.' });
  });

  it('sends a campaign by interest only to the confirmed subscribers who chose its topic', async () => {
    await program('Leadership');
    const [keen, other, leaving] = await subscribers(3);
    await setInterests(keen!.id, ['Leadership']);
    await setInterests(other!.id, ['Events']);
    await setInterests(leaving!.id, ['Leadership']);
    await db.query(
      `update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where id = $1`,
      [leaving!.id],
    );
    const { rows } = await as<{ id: string }>(
      'marketing',
      `insert into public.newsletter_campaigns (subject, body_text, body_html, audience, audience_topic)
       values ('Leadership intakes', 'Hello', '<p>Hello</p>', 'interest', 'Leadership') returning id`,
    );
    expect((await send(rows[0]!.id)).rows[0]).toEqual({ recipients: 1, queued: 1 });
    expect((await campaignMails(rows[0]!.id)).map((mail) => mail.recipient)).toEqual([keen!.email]);
  });
});

describe('the test send and the results', () => {
  it('sends a test only to the caller’s own staff address', async () => {
    const campaign = await draft();
    const { rows } = await as<{ address: string }>(
      'marketing',
      'select public.send_newsletter_campaign_test($1) as address',
      [campaign],
    );
    expect(rows[0]!.address).toBe('marketing@ascent.example');
    const { rows: mails } = await db.query<{ recipient: string }>(
      `select recipient from public.mail_outbox where kind = 'newsletter_campaign_test' and campaign_id = $1`,
      [campaign],
    );
    expect(mails).toEqual([{ recipient: 'marketing@ascent.example' }]);
    expect((await refusal('finance', 'select public.send_newsletter_campaign_test($1)', [campaign])).code).toBe(
      '42501',
    );
  });

  it('hands back a claimed mail whose recipient left the list, recorded skipped, and counts the results', async () => {
    await db.query('update private.newsletter_campaign_settings set mails_per_minute = 100000');
    const [leaving, staying] = await subscribers(2);
    const campaign = await draft();
    await send(campaign);
    const { rows: claimed } = await db.query<{ id: string; claim_id: string; recipient: string }>(
      `select id, claim_id, recipient from public.claim_mail_outbox(10, 60) where kind = 'newsletter_campaign'`,
    );
    expect(claimed).toHaveLength(2);
    await db.query(
      `update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where id = $1`,
      [leaving!.id],
    );
    const leavingMail = claimed.find((mail) => mail.recipient === leaving!.email)!;
    const { rows: withdrawn } = await db.query<{ ok: boolean }>(
      'select public.withdraw_claimed_campaign_mail($1, $2) as ok',
      [leavingMail.id, leavingMail.claim_id],
    );
    expect(withdrawn[0]!.ok).toBe(true);
    const stayingMail = claimed.find((mail) => mail.recipient === staying!.email)!;
    await db.query('select public.complete_mail_outbox($1, $2)', [stayingMail.id, stayingMail.claim_id]);

    const { rows: results } = await as<Record<string, unknown>>(
      'marketing',
      'select state, queued, sent, failed, uncertain, skipped, unsubscribed from public.newsletter_campaign_results() where id = $1',
      [campaign],
    );
    expect(results).toEqual([
      { state: 'sent', queued: 0, sent: 1, failed: 0, uncertain: 0, skipped: 1, unsubscribed: 0 },
    ]);
    const { rows: timeline } = await as<{ sent: number }>(
      'marketing',
      'select sent from public.newsletter_campaign_timeline($1)',
      [campaign],
    );
    expect(timeline).toEqual([{ sent: 1 }]);
  });
});

describe('a send at a time', () => {
  it('queues the mails from send_at on: the worker claims none before it', async () => {
    await db.query('update private.newsletter_campaign_settings set mails_per_minute = 100000');
    await subscribers(2);
    const { rows } = await as<{ id: string; send_at: Date }>(
      'marketing',
      `insert into public.newsletter_campaigns (subject, body_text, body_html, send_at)
       values ('Later', 'Hello', '<p>Hello</p>', now() + interval '1 hour') returning id, send_at`,
    );
    const campaign = rows[0]!.id;
    expect((await send(campaign)).rows[0]).toEqual({ recipients: 2, queued: 2 });
    const { rows: due } = await db.query<{ early: number }>(
      `select count(*)::int as early from public.mail_outbox m
         join public.newsletter_campaign_recipients r on r.id = m.campaign_recipient_id
        where r.campaign_id = $1 and m.next_attempt_at < $2`,
      [campaign, rows[0]!.send_at],
    );
    expect(due[0]!.early).toBe(0);
    const { rows: claimed } = await db.query(
      `select id from public.claim_mail_outbox(10, 60) where kind = 'newsletter_campaign'`,
    );
    expect(claimed).toEqual([]);
  });
});

describe('the welcome', () => {
  /** A campaign whose sending ended `daysAgo` days ago, to all or to one topic's subscribers. */
  async function sentCampaign(daysAgo: number, audience: 'all' | 'interest' = 'all'): Promise<string> {
    const campaign = await draft();
    await db.query(
      `update public.newsletter_campaigns set state = 'sent', send_started_at = now() - make_interval(days => $2),
              sent_at = now() - make_interval(days => $2), audience = $3, audience_topic = $4 where id = $1`,
      [campaign, daysAgo, audience === 'all' ? 'all_confirmed' : 'interest', audience === 'all' ? null : 'Events'],
    );
    return campaign;
  }

  async function pendingSubscriber(email: string): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.newsletter_subscribers (email, status, consent_text, consented_at)
       values ($1, 'pending', 'consent', now()) returning id`,
      [email],
    );
    return rows[0]!.id;
  }

  const confirm = (id: string) =>
    db.query(`update public.newsletter_subscribers set status = 'confirmed', confirmed_at = now() where id = $1`, [id]);

  async function welcomeMails(email: string) {
    const { rows } = await db.query<{ campaign_id: string; due_in_seconds: number }>(
      `select r.campaign_id, extract(epoch from m.next_attempt_at - now())::float8 as due_in_seconds
         from public.mail_outbox m join public.newsletter_campaign_recipients r on r.id = m.campaign_recipient_id
        where m.kind = 'newsletter_campaign' and m.recipient = $1`,
      [email],
    );
    return rows;
  }

  it('a subscriber who confirms gets the latest issue sent to everyone, once, due now', async () => {
    await sentCampaign(20);
    const latest = await sentCampaign(3);
    await sentCampaign(1, 'interest');
    const id = await pendingSubscriber('new-reader@ascent.example');
    expect(await welcomeMails('new-reader@ascent.example')).toEqual([]);
    await confirm(id);
    const mails = await welcomeMails('new-reader@ascent.example');
    expect(mails.map((mail) => mail.campaign_id)).toEqual([latest]);
    expect(mails[0]!.due_in_seconds).toBeLessThan(1);
    // Confirmed again: nothing more.
    await confirm(id);
    expect(await welcomeMails('new-reader@ascent.example')).toHaveLength(1);
    // Sent (as the worker records it), then they leave and come back: not a second copy.
    await db.query(
      `update public.mail_outbox set status = 'sent', sent_at = now() where recipient = 'new-reader@ascent.example'`,
    );
    await db.query(`update public.newsletter_campaign_recipients set state = 'sent' where subscriber_id = $1`, [id]);
    await db.query(
      `update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where id = $1`,
      [id],
    );
    await confirm(id);
    expect(await welcomeMails('new-reader@ascent.example')).toHaveLength(1);
    expect(await recipientStates(latest)).toEqual({ sent: 1 });
  });

  it('sends nothing when the latest issue is older than 45 days, or still being sent', async () => {
    await sentCampaign(46);
    const sending = await draft();
    await subscribers(1);
    await send(sending);
    const id = await pendingSubscriber('later-reader@ascent.example');
    await confirm(id);
    expect(await welcomeMails('later-reader@ascent.example')).toEqual([]);
  });
});

describe('bounces', () => {
  /** A mail to `email` as the worker holds it while sending: claimed, with its claim id. */
  async function claimedMailTo(email: string): Promise<{ id: string; claim: string }> {
    const claim = randomUUID();
    const { rows } = await db.query<{ id: string }>(
      `insert into public.mail_outbox (kind, recipient, status, claim_id, lease_until, attempts)
       values ('newsletter_welcome', $1, 'sending', $2, now() + interval '2 minutes', 1) returning id`,
      [email, claim],
    );
    return { id: rows[0]!.id, claim };
  }

  const bounce = (mail: { id: string; claim: string }, code = 550) =>
    db.query<{ outcome: string | null }>('select public.record_mail_bounce($1, $2, $3, $4) as outcome', [
      mail.id,
      mail.claim,
      '5.1.1 No such user',
      code,
    ]);

  const subscriberRow = async (id: string) =>
    (
      await db.query<{ status: string; hard_bounces: number; bounced: boolean }>(
        'select status, hard_bounces, bounced_at is not null as bounced from public.newsletter_subscribers where id = $1',
        [id],
      )
    ).rows[0]!;

  it('fails a refused mail at once, and three hard bounces make the subscriber inactive, out of the next send', async () => {
    const [reader] = await subscribers(1);
    const first = await claimedMailTo(reader!.email.toUpperCase());
    expect((await bounce(first)).rows[0]!.outcome).toBe('failed');
    const row = await db.query('select status, last_error from public.mail_outbox where id = $1', [first.id]);
    expect(row.rows[0]).toMatchObject({ status: 'failed', last_error: 'bounced (550): 5.1.1 No such user' });
    // Recorded once: a second report of the same claim changes nothing.
    expect((await bounce(first)).rows[0]!.outcome).toBeNull();
    expect(await subscriberRow(reader!.id)).toEqual({ status: 'confirmed', hard_bounces: 1, bounced: false });

    await bounce(await claimedMailTo(reader!.email));
    await bounce(await claimedMailTo(reader!.email));
    expect(await subscriberRow(reader!.id)).toEqual({ status: 'bounced', hard_bounces: 3, bounced: true });
    const campaign = await draft();
    expect((await send(campaign)).rows[0]).toEqual({ recipients: 0, queued: 0 });

    // Signing up and confirming again starts afresh.
    await db.query(`update public.newsletter_subscribers set status = 'pending' where id = $1`, [reader!.id]);
    await db.query(`update public.newsletter_subscribers set status = 'confirmed' where id = $1`, [reader!.id]);
    expect(await subscriberRow(reader!.id)).toEqual({ status: 'confirmed', hard_bounces: 0, bounced: false });
  });

  it('takes only SMTP 5xx replies as bounces, and only from the service role', async () => {
    const mail = await claimedMailTo('someone@ascent.example');
    await expect(bounce(mail, 450)).rejects.toThrow(/a bounce is an SMTP 5xx reply/);
    const refused = await refusal('marketing', 'select public.record_mail_bounce($1, $2, $3, $4)', [
      mail.id,
      mail.claim,
      'x',
      550,
    ]);
    expect(refused.code).toBe('42501');
  });
});

describe('newsletter_catalogue_blocks', () => {
  async function program(published: boolean) {
    const tag = randomUUID().slice(0, 8);
    const { rows } = await db.query<{ id: string }>(
      `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, is_published)
       values ($1, $2, 'Leadership', 'Blocks', 'Blocks', '1 day', 65000, 'KES', $3) returning id`,
      [`Blocks ${tag}`, `blocks-${tag}`, published],
    );
    return rows[0]!.id;
  }
  async function intake(programId: string, startsOn: string, endsOn: string, published = true) {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.program_intakes (program_id, starts_on, ends_on, is_online, capacity, is_published)
       values ($1, $2, $3, true, 20, $4) returning id`,
      [programId, startsOn, endsOn, published],
    );
    return rows[0]!.id;
  }
  async function event(startsAt: string, endsAt: string, published = true) {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.events (title, description, venue, starts_at, ends_at, is_published)
       values ($1, 'Blocks', 'Ridgeways', $2, $3, $4) returning id`,
      [`Blocks event ${randomUUID().slice(0, 8)}`, startsAt, endsAt, published],
    );
    return rows[0]!.id;
  }

  it('returns only what is on offer now: published, of a published programme, not ended', async () => {
    const onOffer = await program(true);
    const draftProgram = await program(false);
    const upcoming = await intake(onOffer, '2099-03-02', '2099-03-06');
    const ofDraft = await intake(draftProgram, '2099-03-02', '2099-03-06');
    const ended = await intake(onOffer, '2020-03-02', '2020-03-06');
    const unpublished = await intake(onOffer, '2099-04-02', '2099-04-06', false);
    const comingEvent = await event('2099-03-02T08:00:00Z', '2099-03-02T14:00:00Z');
    const pastEvent = await event('2020-03-02T08:00:00Z', '2020-03-02T14:00:00Z');
    const draftEvent = await event('2099-03-02T08:00:00Z', '2099-03-02T14:00:00Z', false);
    const { rows } = await db.query<{ kind: string; id: string; price_amount: string; currency: string | null }>(
      `select kind, id, price_amount, currency from public.newsletter_catalogue_blocks($1, $2, $3) order by kind`,
      [
        [onOffer, draftProgram, randomUUID()],
        [upcoming, ofDraft, ended, unpublished],
        [comingEvent, pastEvent, draftEvent],
      ],
    );
    expect(rows).toEqual([
      { kind: 'event', id: comingEvent, price_amount: null, currency: null },
      { kind: 'intake', id: upcoming, price_amount: '65000.00', currency: 'KES' },
      { kind: 'program', id: onOffer, price_amount: '65000.00', currency: 'KES' },
    ]);
  });

  it('is for the mail worker only: staff may not call it', async () => {
    const error = await refusal('marketing', `select * from public.newsletter_catalogue_blocks('{}', '{}', '{}')`);
    expect(error.code).toBe('42501');
  });
});
