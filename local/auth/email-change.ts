/**
 * E-mail change as hosted GoTrue does it by default (secure e-mail change): `PUT /user` with a new
 * address changes nothing yet; it mails a confirmation link (and code) to the new address and to
 * the current one. The first link followed is recorded; the change applies when both are.
 * Link tokens are random, kept in auth.users as GoTrue keeps them; codes in one-time-codes.ts.
 */
import { AuthError } from './errors.ts';
import { transaction, type Db } from './db.ts';
import { emailChangeMail } from './mailer.ts';
import type { AuthContext } from './options.ts';
import { forgetCode, forgetCodes, newCode, newLinkToken, saveCode } from './one-time-codes.ts';
import { findUserById, upsertIdentityData, type UserRow } from './user-store.ts';

/** GoTrue's answer to the first of the two confirmations. */
export const singleConfirmationAccepted =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Records the pending change and mails each address its link; refuses a second request within max_frequency. */
export async function requestEmailChange(
  ctx: AuthContext,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
): Promise<void> {
  const { options } = ctx;
  const { rows } = await ctx.pool.query<{ wait: number }>(
    `select ceil(extract(epoch from email_change_sent_at + make_interval(secs => $2) - now()))::int as wait
     from auth.users where id = $1 and email_change_sent_at > now() - make_interval(secs => $2)`,
    [user.id, options.emailMaxFrequencySeconds],
  );
  const wait = rows[0]?.wait;
  if (wait !== undefined) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.max(wait, 1)} seconds.`,
    );
  }

  const current = options.secureEmailChange && user.email ? user.email : null;
  const newAddressCode = newCode();
  const currentCode = newCode();
  const newToken = newLinkToken();
  const currentToken = current ? newLinkToken() : '';
  await transaction(ctx.pool, async (db) => {
    await db.query(
      `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
         email_change_confirm_status = 0, email_change_sent_at = now()
       where id = $1`,
      [user.id, newEmail, newToken, currentToken],
    );
    await forgetCodes(db, user.id, 'email_change');
    const kind = 'email_change';
    await saveCode(db, { token: newToken, userId: user.id, kind, address: newEmail, code: newAddressCode });
    if (current)
      await saveCode(db, { token: currentToken, userId: user.id, kind, address: current, code: currentCode });
  });

  const linkFor = (token: string) => {
    const link = new URL(`${options.issuer}/verify`);
    link.searchParams.set('token', token);
    link.searchParams.set('type', 'email_change');
    link.searchParams.set('redirect_to', redirectTo);
    return link.toString();
  };
  const change = { from: user.email ?? '', to: newEmail };
  const mails = [emailChangeMail(newEmail, change, linkFor(newToken), newAddressCode)];
  if (current) mails.push(emailChangeMail(current, change, linkFor(currentToken), currentCode));
  try {
    await Promise.all(mails.map((mail) => ctx.sendMail(mail)));
  } catch (error) {
    console.error('[auth] sending the e-mail change confirmation failed:', error);
    await transaction(ctx.pool, async (db) => {
      await db.query(
        `update auth.users set email_change = '', email_change_token_new = '', email_change_token_current = '',
           email_change_sent_at = null where id = $1`,
        [user.id],
      );
      await forgetCodes(db, user.id, 'email_change');
    });
    throw new AuthError(500, 'unexpected_failure', 'Error sending email change email');
  }
}

interface PendingChange {
  id: string;
  email: string | null;
  email_change: string;
  email_change_token_current: string;
  email_change_token_new: string;
  email_change_confirm_status: number;
}

export type EmailChangeOutcome =
  { state: 'invalid' } | { state: 'one-confirmed' } | { state: 'changed'; user: UserRow };

/**
 * Takes one confirmation (the token of either link, within otp_expiry): the first of two is
 * recorded and its token cleared, so each link works once; the last applies the change.
 */
export async function confirmEmailChange(ctx: AuthContext, hash: string): Promise<EmailChangeOutcome> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return { state: 'invalid' };
  return transaction(ctx.pool, async (db): Promise<EmailChangeOutcome> => {
    const { rows } = await db.query<PendingChange>(
      `select id, email, email_change, email_change_token_current, email_change_token_new, email_change_confirm_status
       from auth.users
       where (email_change_token_current = $1 or email_change_token_new = $1) and email_change <> ''
         and email_change_sent_at > now() - make_interval(secs => $2) and deleted_at is null
       for update`,
      [hash, ctx.options.mailerOtpExpirySeconds],
    );
    const pending = rows[0];
    if (!pending) return { state: 'invalid' };
    const bothNeeded = ctx.options.secureEmailChange && Boolean(pending.email);
    if (bothNeeded && pending.email_change_confirm_status === 0) {
      const which = pending.email_change_token_current === hash ? 'current' : 'new';
      await db.query(
        `update auth.users set email_change_confirm_status = 1, email_change_token_${which} = '' where id = $1`,
        [pending.id],
      );
      await forgetCode(db, hash);
      return { state: 'one-confirmed' };
    }
    await forgetCodes(db, pending.id, 'email_change');
    return { state: 'changed', user: await applyChange(db, pending) };
  });
}

/** GoTrue's ConfirmEmailChange: the new address becomes the user's (confirmed), its identity follows. */
async function applyChange(db: Db, pending: PendingChange): Promise<UserRow> {
  const taken = await db.query('select 1 from auth.users where lower(email) = lower($1) and id <> $2', [
    pending.email_change,
    pending.id,
  ]);
  if (taken.rowCount) {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  await db.query(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
       email_change_token_current = '', email_change_confirm_status = 0,
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1`,
    [pending.id],
  );
  await upsertIdentityData(db, pending.id, 'email', { email: pending.email_change, email_verified: true });
  const user = await findUserById(db, pending.id);
  if (!user) throw new Error(`user ${pending.id} vanished while changing its e-mail`);
  return user;
}
