/**
 * /verify for recovery, invitations, e-mail change and e-mail OTP sign-in ('email', or the
 * link's 'magiclink' and 'signup'), as GoTrue answers it. GET (the e-mailed link) signs the
 * user in and redirects to redirect_to with the session in the URL fragment and the type
 * (supabase-js's implicit flow then emits PASSWORD_RECOVERY or USER_UPDATED), or with
 * error=access_denied&error_code=otp_expired; the first of an e-mail change's two links redirects
 * with only `message`. POST ({type, token_hash} or {type, email, token}) answers in JSON. Both are
 * limited per client address as GoTrue limits them; codes per account too (code-verification.ts).
 */
import { z } from 'zod';
import { transaction, type Db } from './db.ts';
import { badRequest, forbidden, rateLimited } from './errors.ts';
import { clientIp, json, readJson } from './http.ts';
import type { AuthContext } from './options.ts';
import { allowedRedirect } from './redirect-url.ts';
import { confirmEmailChange, singleConfirmationAccepted } from './email-change.ts';
import { tokenForMailedCode } from './code-verification.ts';
import type { CodeKind } from './one-time-codes.ts';
import { consumeInviteToken, consumeRecoveryToken } from './recovery-token.ts';
import { signIn } from './token-password.ts';
import type { UserRow } from './user-store.ts';
import { validateEmail } from './validate.ts';

const expired = () => forbidden('otp_expired', 'Token has expired or is invalid');
const verifiable = new Set(['recovery', 'email_change', 'invite', 'email', 'magiclink', 'signup']);
/** The e-mail OTP sign-in's types: GoTrue's 'email' checks both the sign-up and the magic link token. */
const otpTypes = new Set(['email', 'magiclink', 'signup']);

/** GoTrue's limitHandler on /verify: every request (link or code, right or wrong) takes a token. */
function limitPerAddress(ctx: AuthContext, request: Request): void {
  const wait = ctx.verifyLimiter.take(clientIp(request) ?? 'unknown');
  if (wait > 0) throw rateLimited(wait);
}

type VerifyOutcome = { session: Record<string, unknown> } | { message: string } | null;

/** Takes a token of `type` and opens a session, or records one of two e-mail change confirmations. */
async function verifyToken(ctx: AuthContext, type: string, hash: string, request: Request): Promise<VerifyOutcome> {
  const client = { ip: clientIp(request), userAgent: request.headers.get('user-agent') };
  if (otpTypes.has(type)) {
    const user = await transaction(ctx.pool, async (db) => {
      const expiry = ctx.options.mailerOtpExpirySeconds;
      return (await consumeMagicLinkToken(db, hash, expiry)) ?? (await consumeInviteToken(db, hash, expiry));
    });
    return user && { session: await signIn(ctx, user, client, 'otp') };
  }
  if (type === 'recovery') {
    const session = await recoverySession(ctx, hash, request);
    return session && { session };
  }
  if (type === 'invite') {
    const invited = await transaction(ctx.pool, (db) =>
      consumeInviteToken(db, hash, ctx.options.mailerOtpExpirySeconds),
    );
    return invited && { session: await signIn(ctx, invited, client) };
  }
  const outcome = await confirmEmailChange(ctx, hash);
  if (outcome.state === 'invalid') return null;
  if (outcome.state === 'one-confirmed') return { message: singleConfirmationAccepted };
  return { session: await signIn(ctx, outcome.user, client) };
}

/** Takes a recovery (or magic link) token, confirming the e-mail: receiving the mail proves it. */
async function consumeMagicLinkToken(db: Db, hash: string, expirySeconds: number): Promise<UserRow | null> {
  const found = await consumeRecoveryToken(db, hash, expirySeconds);
  if (found && !found.email_confirmed_at) {
    await db.query('update auth.users set email_confirmed_at = now() where id = $1', [found.id]);
  }
  return found;
}

/** Takes the token and opens a session (confirming the e-mail, as following a mailed link proves it). */
async function recoverySession(ctx: AuthContext, hash: string, request: Request) {
  const user = await transaction(ctx.pool, (db) => consumeMagicLinkToken(db, hash, ctx.options.mailerOtpExpirySeconds));
  if (!user) return null;
  return signIn(ctx, user, { ip: clientIp(request), userAgent: request.headers.get('user-agent') });
}

export async function verifyGet(ctx: AuthContext, request: Request): Promise<Response> {
  limitPerAddress(ctx, request);
  const query = new URL(request.url).searchParams;
  const type = query.get('type');
  const target = allowedRedirect(query.get('redirect_to'), ctx.options.siteUrl, ctx.options.additionalRedirectUrls);
  if (!type || !verifiable.has(type)) {
    throw badRequest('validation_failed', `Unsupported verification type "${type ?? ''}"`);
  }
  const outcome = await verifyToken(ctx, type, query.get('token') ?? '', request);
  const fragment = new URLSearchParams();
  if (outcome && 'session' in outcome) {
    for (const key of ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type'] as const) {
      fragment.set(key, String(outcome.session[key]));
    }
    fragment.set('type', type);
  } else if (outcome) {
    // GoTrue's prepRedirectURL: the message, and `sb` marking a Supabase Auth redirect.
    fragment.set('message', outcome.message);
    fragment.set('sb', '');
  } else {
    fragment.set('error', 'access_denied');
    fragment.set('error_code', 'otp_expired');
    fragment.set('error_description', 'Email link is invalid or has expired');
  }
  const location = new URL(target);
  location.hash = fragment.toString();
  return new Response(null, { status: 303, headers: { location: location.toString() } });
}

/** The mailed codes each type's `{email, token}` may name. */
const codeKinds: Record<string, readonly CodeKind[]> = {
  recovery: ['recovery'],
  email_change: ['email_change'],
  email: ['signup', 'magiclink'],
  magiclink: ['magiclink'],
  signup: ['signup'],
};

const postParams = z.object({
  type: z.string().nullish(),
  token: z.string().nullish(),
  token_hash: z.string().nullish(),
  email: z.string().nullish(),
});

export async function verifyPost(ctx: AuthContext, request: Request): Promise<Response> {
  limitPerAddress(ctx, request);
  const body = await readJson(request, postParams);
  const type = body.type ?? '';
  if (!verifiable.has(type)) {
    throw badRequest('validation_failed', `Unsupported verification type "${type}"`);
  }
  let token: string | null;
  if (body.token_hash) token = body.token_hash;
  else if (body.email && body.token) {
    const email = validateEmail(body.email);
    // An invitation mails a link only, no code.
    const kinds = codeKinds[type];
    token = kinds ? await tokenForMailedCode(ctx, kinds, email, body.token.trim(), clientIp(request)) : null;
  } else throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  if (!token) throw expired();
  const outcome = await verifyToken(ctx, type, token, request);
  if (!outcome) throw expired();
  // GoTrue answers the first of two e-mail change confirmations with {msg, code} (code as a string).
  if ('message' in outcome) return json(200, { msg: outcome.message, code: '200' });
  return json(200, outcome.session);
}
