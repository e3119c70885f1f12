/**
 * POST /recover: GoTrue's password recovery request. Mails a link to /verify (and the one-time
 * code) when the address belongs to a user, and answers 200 `{}` either way, so the reply never
 * tells whether an account exists. One mail per user per `emailMaxFrequencySeconds`.
 */
import { z } from 'zod';
import { AuthError, badRequest } from './errors.ts';
import { json, readJson } from './http.ts';
import { recoveryMail } from './mailer.ts';
import type { AuthContext } from './options.ts';
import { allowedRedirect } from './redirect-url.ts';
import { transaction } from './db.ts';
import { forgetCodes, newCode, newLinkToken, saveCode } from './one-time-codes.ts';
import { findUserByEmail } from './user-store.ts';
import { validateEmail } from './validate.ts';

const params = z.object({
  email: z.string().nullish(),
  // PKCE: supabase-js sends these only with flowType 'pkce'; the website uses the implicit flow.
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

export async function recover(ctx: AuthContext, request: Request): Promise<Response> {
  const body = await readJson(request, params);
  if (!body.email) throw badRequest('validation_failed', 'Password recovery requires an email');
  if (body.code_challenge) {
    throw badRequest('validation_failed', 'PKCE flow is not supported by the local auth server; use the implicit flow');
  }
  const email = validateEmail(body.email);
  const user = await findUserByEmail(ctx.pool, email);
  if (!user?.email || user.deleted_at) return json(200, {});

  const { options } = ctx;
  const { rows } = await ctx.pool.query<{ wait: number }>(
    `select ceil(extract(epoch from recovery_sent_at + make_interval(secs => $2) - now()))::int as wait
     from auth.users where id = $1 and recovery_sent_at > now() - make_interval(secs => $2)`,
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

  const code = newCode();
  const token = newLinkToken();
  const redirectTo = allowedRedirect(
    new URL(request.url).searchParams.get('redirect_to'),
    options.siteUrl,
    options.additionalRedirectUrls,
  );
  const link = new URL(`${options.issuer}/verify`);
  link.searchParams.set('token', token);
  link.searchParams.set('type', 'recovery');
  link.searchParams.set('redirect_to', redirectTo);

  const address = user.email;
  await transaction(ctx.pool, async (db) => {
    await db.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [
      user.id,
      token,
    ]);
    await forgetCodes(db, user.id, 'recovery');
    await saveCode(db, { token, userId: user.id, kind: 'recovery', address, code });
  });
  try {
    const data = {
      SiteURL: options.siteUrl,
      ConfirmationURL: link.toString(),
      Email: address,
      Token: code,
      TokenHash: token,
      RedirectTo: redirectTo,
    };
    await ctx.sendMail(recoveryMail(data, options.recoveryTemplate));
  } catch (error) {
    console.error('[auth] sending the recovery e-mail failed:', error);
    await transaction(ctx.pool, async (db) => {
      await db.query('update auth.users set recovery_token = null, recovery_sent_at = null where id = $1', [user.id]);
      await forgetCodes(db, user.id, 'recovery');
    });
    throw new AuthError(500, 'unexpected_failure', 'Error sending recovery email');
  }
  return json(200, {});
}
