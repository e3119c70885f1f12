/**
 * The local stand-in for Supabase Auth (GoTrue): the subset supabase-js 2.119 uses, with GoTrue's
 * JSON shapes, status codes and error codes. The gateway strips /auth/v1 and handles CORS and apikey.
 */
import { decodeJwt } from 'jose';
import { MiB, withBodyLimit } from '../http/body-limit.ts';
import { createPool } from './db.ts';
import { checkTemplate } from './email-template.ts';
import { isSignedWith } from './jwt.ts';
import { adminRoles, lettersAndDigits, type AuthContext, type AuthOptions } from './options.ts';
import { smtpMailer, type SendMail } from './mailer.ts';
import { AuthError, errorResponse } from './errors.ts';
import { route } from './router.ts';
import { SigninThrottle } from './signin-throttle.ts';
import { TokenBucket } from './token-bucket.ts';
import { mfaLimits } from './factors-route.ts';

export type { AuthOptions } from './options.ts';

export interface AuthServer {
  handle(request: Request): Promise<Response>;
  close(): Promise<void>;
}

/** A key that does not match the secret would make every admin call fail obscurely; fail at start. */
function checkServiceRoleKey(options: AuthOptions): void {
  const role = (() => {
    try {
      return decodeJwt(options.serviceRoleKey).role;
    } catch {
      return undefined;
    }
  })();
  if (
    !isSignedWith(options.serviceRoleKey, options.jwtSecret) ||
    typeof role !== 'string' ||
    !adminRoles.includes(role)
  ) {
    throw new Error('Auth: serviceRoleKey must be a JWT with role service_role signed with jwtSecret');
  }
}

/** GoTrue's interval for its per-IP limits ([auth.rate_limit] counts requests per 5 minutes). */
const rateLimitPeriodSeconds = 300;

/** GoTrue reads at most 1 MB of any body (limitRequestBody(1 << 20)). */
const maxBodyBytes = 1 * MiB;

const tooLarge = (request: Request, limit: number) =>
  errorResponse(new AuthError(413, 'request_entity_too_large', `Request body too large (max ${limit} bytes)`), request);

function factorLimiter(perMinute: number | undefined, now: () => number): TokenBucket {
  const rate = perMinute ?? mfaLimits.challengeAndVerifyPerMinute;
  const burst = perMinute === undefined ? mfaLimits.challengeAndVerifyBurst : 2 * perMinute;
  return new TokenBucket({ capacity: burst, periodSeconds: (60 * burst) / rate }, now);
}

export function createAuthServer(options: AuthOptions): AuthServer {
  checkServiceRoleKey(options);
  if (options.recoveryTemplate) checkTemplate(options.recoveryTemplate.content, '[auth.email.template.recovery]');
  const pool = createPool(options.databaseUrl);
  const now = options.now ?? Date.now;
  const tokenVerificationsPerIp = options.tokenVerificationsPerIp ?? 30;
  const noMail: SendMail = () => Promise.reject(new Error('no SMTP server configured for auth e-mails'));
  const ctx: AuthContext = {
    options: {
      ...options,
      additionalRedirectUrls: options.additionalRedirectUrls ?? [],
      mailerOtpExpirySeconds: options.mailerOtpExpirySeconds ?? 3600,
      emailMaxFrequencySeconds: options.emailMaxFrequencySeconds ?? 60,
      secureEmailChange: options.secureEmailChange ?? true,
      tokenVerificationsPerIp,
    },
    sendMail: options.sendMail ?? (options.smtp ? smtpMailer(options.smtp) : noMail),
    pool,
    secret: new TextEncoder().encode(options.jwtSecret),
    passwordRules: {
      minLength: options.passwordMinLength,
      requiredCharacters: options.passwordRequiredCharacters ?? lettersAndDigits,
    },
    signinThrottle: new SigninThrottle({
      perAccount: options.failedSigninLimitPerAccount,
      windowSeconds: options.failedSigninWindowSeconds,
      perAddress: options.failedSigninLimitPerIp,
      now,
    }),
    verifyLimiter: new TokenBucket({ capacity: tokenVerificationsPerIp, periodSeconds: rateLimitPeriodSeconds }, now),
    // A burst of 30, refilled at 15 a minute (MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY), unless configured.
    factorLimiter: factorLimiter(options.mfaChallengeAndVerifyPerMinute, now),
    now,
  };
  return {
    handle: withBodyLimit((request) => route(ctx, request), maxBodyBytes, tooLarge),
    close: () => pool.end(),
  };
}
