/**
 * Staff management in the database (issue 26): an admin changes roles and deactivates people, the
 * change takes effect at the next request of an open session, nobody but an admin may do it, the
 * last active admin stays, and every change is in the audit log with the actor's roles.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/database.types.ts';
import { stackInfo, type StackInfo } from './stack-info.ts';
import { passSecondFactor } from '../support/second-factor.ts';
import { totpCode } from '../../local/auth/totp.ts';

type Client = SupabaseClient<Database>;
type Role = Database['public']['Tables']['staff']['Row']['roles'][number];

let stack: StackInfo;
let service: Client;
let sql: pg.Client;
const password = `Pw-${randomUUID()}`;
const created: string[] = [];

/** A staff member with `roles`, signed in with password and TOTP (aal2). */
async function member(roles: Role[]): Promise<{ client: Client; id: string; email: string; secret: string }> {
  const email = `staff-mgmt-${randomUUID().slice(0, 8)}@ascent.example`;
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(error.message);
  created.push(data.user.id);
  const row = await service.from('staff').upsert({ user_id: data.user.id, email, roles });
  if (row.error) throw new Error(row.error.message);
  const client = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw new Error(signIn.error.message);
  const secret = await passSecondFactor(client);
  return { client, id: data.user.id, email, secret };
}

/** Another device of the same person: password, then the code of their enrolled factor. */
async function anotherDevice(person: { email: string; secret: string }): Promise<Client> {
  const client = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signIn = await client.auth.signInWithPassword({ email: person.email, password });
  if (signIn.error) throw new Error(signIn.error.message);
  const factors = await client.auth.mfa.listFactors();
  const factorId = factors.data!.totp[0]!.id;
  const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(person.secret) });
  if (verified.error) throw new Error(verified.error.message);
  return client;
}

const programRow = () => ({
  title: `Staff mgmt program ${randomUUID().slice(0, 6)}`,
  slug: `staff-mgmt-${randomUUID().slice(0, 8)}`,
  category: 'Leadership',
  focus: 'Roles',
  description: 'Staff management fixture',
  duration: '1 day',
  price_amount: 100,
  currency: 'KES',
});

beforeAll(async () => {
  stack = stackInfo();
  service = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  sql = new pg.Client({ connectionString: stack.databaseUrl });
  await sql.connect();
});

afterAll(async () => {
  await service.from('training_programs').delete().like('slug', 'staff-mgmt-%');
  for (const id of created) await service.auth.admin.deleteUser(id);
  await sql?.end();
});

describe('staff management', () => {
  it('an admin changes roles: the open session of the person has the new rights at its next request', async () => {
    const admin = await member(['admin']);
    const person = await member(['finance']);
    const before = await person.client.from('training_programs').insert(programRow()).select('id');
    expect(before.error).toMatchObject({ code: '42501' });

    const changed = await admin.client.rpc('set_staff_roles', { target: person.id, roles: ['programmes', 'finance'] });
    expect(changed.error).toBeNull();
    expect(changed.data?.roles).toEqual(['finance', 'programmes']);
    const after = await person.client.from('training_programs').insert(programRow()).select('id');
    expect(after.error).toBeNull();

    // Audited: who, with which roles, before and after.
    const entries = await admin.client.rpc('audit_log_entries', { p_table_name: 'staff', p_row_id: person.id });
    expect(entries.error).toBeNull();
    expect(entries.data?.[0]).toMatchObject({
      action: 'UPDATE',
      actor_id: admin.id,
      actor_staff_roles: ['admin'],
      before: expect.objectContaining({ roles: ['finance'] }),
      after: expect.objectContaining({ roles: ['finance', 'programmes'] }),
    });
  });

  it('an admin deactivates a person: their open session is refused at its next request and cannot refresh', async () => {
    const admin = await member(['admin']);
    const person = await member(['finance']);
    expect((await person.client.rpc('admin_dashboard')).error).toBeNull();

    expect((await admin.client.rpc('set_staff_active', { target: person.id, active: false })).error).toBeNull();
    expect((await person.client.rpc('admin_dashboard')).error).toMatchObject({ code: '42501', hint: 'not_staff' });
    expect((await person.client.from('orders').select('id').limit(1)).data).toEqual([]);
    expect((await person.client.auth.refreshSession()).error).toMatchObject({ code: 'refresh_token_not_found' });

    // Reactivated, they sign in again (password and code) and have their rights back.
    expect((await admin.client.rpc('set_staff_active', { target: person.id, active: true })).error).toBeNull();
    const again = await anotherDevice(person);
    expect((await again.rpc('admin_dashboard')).error).toBeNull();
  });

  it('signing out everywhere ends the rights of every open session at its next request', async () => {
    const person = await member(['finance']);
    const laptop = person.client;
    const phone = await anotherDevice(person);
    expect((await laptop.rpc('admin_dashboard')).error).toBeNull();
    expect((await phone.auth.signOut({ scope: 'global' })).error).toBeNull();
    // The laptop's access token has not expired, but its session is gone.
    expect((await laptop.rpc('admin_dashboard')).error).toMatchObject({ code: '42501', hint: 'not_staff' });
  });

  it('only an admin may change staff; bad roles are refused in words', async () => {
    const admin = await member(['admin']);
    const person = await member(['finance', 'marketing']);
    const byFinance = await person.client.rpc('set_staff_roles', { target: person.id, roles: ['admin'] });
    expect(byFinance.error).toMatchObject({ code: '42501', hint: 'role_required' });
    const deactivateByFinance = await person.client.rpc('set_staff_active', { target: admin.id, active: false });
    expect(deactivateByFinance.error).toMatchObject({ code: '42501', hint: 'role_required' });
    // Nor directly: staff rows have no write policy.
    const direct = await admin.client
      .from('staff')
      .update({ roles: ['admin'] })
      .eq('user_id', person.id);
    expect(direct.error).toMatchObject({ code: '42501' });

    const none = await admin.client.rpc('set_staff_roles', { target: person.id, roles: [] });
    expect(none.error).toMatchObject({ hint: 'roles_required', message: 'Choose at least one role.' });
    const unknown = await admin.client.rpc('set_staff_roles', { target: person.id, roles: ['owner'] });
    expect(unknown.error).toMatchObject({ hint: 'unknown_role' });
    const stranger = await admin.client.rpc('set_staff_roles', { target: randomUUID(), roles: ['finance'] });
    expect(stranger.error).toMatchObject({ hint: 'staff_not_found' });
  });

  it('an admin resets a lost factor: audited; the person enrols a new one at the next sign-in', async () => {
    const admin = await member(['admin']);
    const person = await member(['finance']);
    expect((await person.client.rpc('reset_staff_factor', { target: admin.id })).error).toMatchObject({
      hint: 'role_required',
    });
    const reset = await admin.client.rpc('reset_staff_factor', { target: person.id });
    expect(reset).toMatchObject({ error: null, data: 1 });
    // Their session ended; signing in again, they have no factor and enrol a new one.
    expect((await person.client.rpc('admin_dashboard')).error).toMatchObject({ code: '42501' });
    const again = createClient<Database>(stack.apiUrl, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect((await again.auth.signInWithPassword({ email: person.email, password })).error).toBeNull();
    expect((await again.auth.mfa.listFactors()).data?.all).toEqual([]);
    await passSecondFactor(again);
    expect((await again.rpc('admin_dashboard')).error).toBeNull();

    const entries = await admin.client.rpc('audit_log_entries', {
      p_table_name: 'auth.mfa_factors',
      p_row_id: person.id,
    });
    expect(entries.data?.[0]).toMatchObject({ action: 'DELETE', actor_id: admin.id, actor_staff_roles: ['admin'] });
    expect((await admin.client.rpc('reset_staff_factor', { target: person.id })).error).toBeNull();
    expect((await admin.client.rpc('reset_staff_factor', { target: person.id })).error).toMatchObject({
      hint: 'no_factor',
    });
  });

  it('an admin lists the staff with roles, active state, second factor and last sign-in; nobody else', async () => {
    const admin = await member(['admin']);
    const person = await member(['finance']);
    expect((await admin.client.rpc('set_staff_active', { target: person.id, active: false })).error).toBeNull();
    const { data, error } = await admin.client.rpc('staff_members');
    expect(error).toBeNull();
    const row = data?.find((member) => member.user_id === person.id);
    expect(row).toMatchObject({
      email: person.email,
      roles: ['finance'],
      deactivated_at: expect.any(String),
      factor_enrolled: true,
      last_sign_in_at: expect.any(String),
    });
    expect(data?.find((member) => member.user_id === admin.id)).toMatchObject({ deactivated_at: null });

    const finance = await member(['finance', 'marketing']);
    expect((await finance.client.rpc('staff_members')).error).toMatchObject({ code: '42501', hint: 'role_required' });
  });

  it('the inactivity time-out is a setting of 5 to 720 whole minutes (30 by default), refused otherwise in words', async () => {
    const setting = await service.from('site_settings').select('setting_value').eq('setting_key', 'staff_idle_timeout');
    expect(setting.data).toEqual([{ setting_value: { minutes: 30 } }]);
    for (const minutes of [4, 721, 7.5, '30']) {
      const { error } = await service
        .from('site_settings')
        .update({ setting_value: { minutes } })
        .eq('setting_key', 'staff_idle_timeout');
      expect(error, `minutes: ${minutes}`).toMatchObject({ code: '23514' });
      expect(error?.message).toContain('site_settings_staff_idle_timeout_shape');
    }
  });

  it('invitations: only an admin, known roles, an address not on the staff list; the invitee is recorded by the admin', async () => {
    const admin = await member(['admin']);
    const finance = await member(['finance']);
    const email = `invited-${randomUUID().slice(0, 8)}@ascent.example`;
    const byFinance = await finance.client.rpc('check_staff_invite', { email, roles: ['finance'] });
    expect(byFinance.error).toMatchObject({ code: '42501', hint: 'role_required' });
    expect((await admin.client.rpc('check_staff_invite', { email: 'nobody', roles: ['finance'] })).error).toMatchObject(
      {
        hint: 'email_invalid',
        message: 'Enter the e-mail address of the person to invite.',
      },
    );
    expect((await admin.client.rpc('check_staff_invite', { email, roles: [] })).error).toMatchObject({
      hint: 'roles_required',
    });
    expect(
      (await admin.client.rpc('check_staff_invite', { email: finance.email, roles: ['admin'] })).error,
    ).toMatchObject({
      hint: 'already_staff',
      message: 'This address is already on the staff list.',
    });
    expect((await admin.client.rpc('check_staff_invite', { email, roles: ['finance'] })).error).toBeNull();

    // A user who was not invited cannot be recorded this way.
    expect((await admin.client.rpc('add_invited_staff', { target: finance.id, roles: ['admin'] })).error).toMatchObject(
      {
        hint: 'not_invited',
      },
    );
    const invited = await service.auth.admin.inviteUserByEmail(email);
    expect(invited.error).toBeNull();
    created.push(invited.data.user!.id);
    const added = await admin.client.rpc('add_invited_staff', { target: invited.data.user!.id, roles: ['finance'] });
    expect(added.error).toBeNull();
    expect(added.data).toMatchObject({ email, roles: ['finance'], deactivated_at: null });
    const listed = (await admin.client.rpc('staff_members')).data?.find((row) => row.email === email);
    expect(listed).toMatchObject({ invitation_pending: true, factor_enrolled: false, last_sign_in_at: null });
    const entries = await admin.client.rpc('audit_log_entries', {
      p_table_name: 'staff',
      p_row_id: invited.data.user!.id,
    });
    expect(entries.data?.[0]).toMatchObject({ action: 'INSERT', actor_id: admin.id, actor_staff_roles: ['admin'] });
    // Twice: already on the list.
    expect(
      (await admin.client.rpc('add_invited_staff', { target: invited.data.user!.id, roles: ['finance'] })).error,
    ).toMatchObject({ hint: 'already_staff' });
  });

  it('never leaves the institute without an active admin', async () => {
    await member(['admin']);
    // Every admin at once (in a transaction rolled back: other tests' admins stay).
    await sql.query('begin');
    try {
      await expect(
        sql.query(`update public.staff set roles = array['finance'] where 'admin' = any(roles)`),
      ).rejects.toMatchObject({ code: '23514', hint: 'last_admin' });
    } finally {
      await sql.query('rollback');
    }
    await sql.query('begin');
    try {
      await expect(
        sql.query(`update public.staff set deactivated_at = now() where deactivated_at is null`),
      ).rejects.toMatchObject({
        code: '23514',
        message: 'This is the last active admin. Make someone else an admin first.',
      });
    } finally {
      await sql.query('rollback');
    }
  });
});
