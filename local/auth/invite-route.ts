/**
 * POST /invite: GoTrue's invitation (supabase-js `auth.admin.inviteUserByEmail`), for the service
 * role only. Creates the user (no password, e-mail unconfirmed) or, for an invited user who has
 * not accepted yet, sends a new link in place of the old one; a confirmed address is refused
 * (422 email_exists). The mail links to /verify?type=invite, which confirms the address and signs
 * the user in (verify-route.ts); the link works once and for otp_expiry seconds. Answers the user.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { requireAdmin } from './authenticate.ts';
import { transaction } from './db.ts';
import { AuthError, badRequest, unprocessable } from './errors.ts';
import { json, readJson } from './http.ts';
import { inviteMail } from './mailer.ts';
import { audience, type AuthContext } from './options.ts';
import { hashPassword } from './passwords.ts';
import { allowedRedirect } from './redirect-url.ts';
import { newLinkToken } from './one-time-codes.ts';
import { userJson } from './user-json.ts';
import {
  findIdentities,
  findUserByEmail,
  findUserById,
  identityData,
  insertIdentity,
  insertUser,
} from './user-store.ts';
import { validateEmail } from './validate.ts';

const params = z.object({
  email: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

export async function invite(ctx: AuthContext, request: Request): Promise<Response> {
  await requireAdmin(ctx, request);
  const body = await readJson(request, params);
  if (!body.email) throw badRequest('validation_failed', 'An email address is required');
  const email = validateEmail(body.email);
  const { options } = ctx;
  const redirectTo = allowedRedirect(
    new URL(request.url).searchParams.get('redirect_to'),
    options.siteUrl,
    options.additionalRedirectUrls,
  );
  const token = newLinkToken();
  const existing = await findUserByEmail(ctx.pool, email);
  if (existing?.email_confirmed_at) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }

  const userId = await transaction(ctx.pool, async (db) => {
    let id = existing?.id;
    if (!id) {
      // No usable password until the invitee sets one (signed in through the link).
      const passwordHash = await hashPassword(randomBytes(48).toString('base64url'));
      id = await insertUser(db, {
        aud: audience,
        role: audience,
        email,
        phone: null,
        passwordHash,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: body.data ?? {},
        emailConfirmed: false,
        phoneConfirmed: false,
      });
      await insertIdentity(db, id, 'email', identityData(id, { email }));
    }
    await db.query(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now() where id = $1`,
      [id, token],
    );
    return id;
  });

  const link = new URL(`${options.issuer}/verify`);
  link.searchParams.set('token', token);
  link.searchParams.set('type', 'invite');
  link.searchParams.set('redirect_to', redirectTo);
  try {
    await ctx.sendMail(
      inviteMail({
        SiteURL: options.siteUrl,
        ConfirmationURL: link.toString(),
        Email: email,
        Token: '',
        TokenHash: token,
        RedirectTo: redirectTo,
      }),
    );
  } catch (error) {
    console.error('[auth] sending the invitation failed:', error);
    await ctx.pool.query('update auth.users set confirmation_token = null where id = $1', [userId]);
    throw new AuthError(500, 'unexpected_failure', 'Error sending invite email');
  }
  const user = await findUserById(ctx.pool, userId);
  if (!user) throw new Error('invited user not found');
  return json(200, userJson(user, await findIdentities(ctx.pool, user.id)));
}
