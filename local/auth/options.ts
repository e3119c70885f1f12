/** The auth server's settings (as the gateway passes them) and the state every route shares. */
import type { Pool } from 'pg';
import type { EmailTemplate } from './email-template.ts';
import type { SendMail, SmtpSettings } from './mailer.ts';
import type { PasswordRules } from './passwords.ts';
import type { SigninThrottle } from './signin-throttle.ts';
import type { TokenBucket } from './token-bucket.ts';

export interface AuthOptions {
  databaseUrl: string; // connect as role supabase_auth_admin (password given in the URL)
  jwtSecret: string; // HS256, shared with PostgREST
  jwtExpiry: number; // seconds
  issuer: string; // e.g. http://127.0.0.1:54321/auth/v1  (the `iss` claim)
  serviceRoleKey: string; // admin endpoints need Authorization: Bearer <a JWT with role service_role>
  enableSignup: boolean;
  passwordMinLength: number;
  /** Failed sign-ins on one account from one address before that address waits (back-off, not a lock). */
  failedSigninLimitPerAccount: number;
  /** The longest back-off wait, and how long failures are remembered. */
  failedSigninWindowSeconds: number;
  /** Failed sign-ins per client IP over all accounts in GoTrue's 5-minute window before it waits. */
  failedSigninLimitPerIp: number;
  /**
   * `[auth.rate_limit] token_verifications`: /verify requests per client IP in 5 minutes, as
   * GoTrue's token bucket (a burst of this many, refilled at this many per 5 minutes). Default 30.
   */
  tokenVerificationsPerIp?: number;
  /** Second-factor challenges and verifications per client address a minute (default 15, hosted's); bursts of twice as many. */
  mfaChallengeAndVerifyPerMinute?: number;
  refreshTokenReuseInterval: number; // seconds
  siteUrl: string;
  /**
   * Optional: character sets a password must each draw from (GoTrue's PASSWORD_REQUIRED_CHARACTERS).
   * Default: letters and digits. Pass [] for no rule, as on a fresh hosted project.
   */
  passwordRequiredCharacters?: string[];
  /** Auth's own e-mails ([auth.email.smtp]); without it (or sendMail) recovery mails fail with 500. */
  smtp?: SmtpSettings;
  /** Instead of SMTP (tests): receives each mail. */
  sendMail?: SendMail;
  /** auth.additional_redirect_urls: globs redirect_to may match besides the site URL's host. */
  additionalRedirectUrls?: string[];
  /** auth.email.otp_expiry: how long a recovery link works (default 3600 s). */
  mailerOtpExpirySeconds?: number;
  /** auth.email.max_frequency: at most one recovery mail per user in this time (default 60 s). */
  emailMaxFrequencySeconds?: number;
  /**
   * auth.email.double_confirm_changes (GoTrue's MAILER_SECURE_EMAIL_CHANGE_ENABLED, on by default):
   * an e-mail change needs the link sent to the current address too, not only the new one's.
   */
  secureEmailChange?: boolean;
  /**
   * Not `[auth.email] enable_confirmations` (GoTrue's MAILER_AUTOCONFIRM; default true, the CLI's):
   * a password sign-up is signed in at once. False: it is created unconfirmed, mailed a code and a
   * link, and cannot sign in until one of them confirms the address.
   */
  mailerAutoconfirm?: boolean;
  /** [auth.email.template.recovery]: the project's recovery mail (subject and HTML); GoTrue's default without it. */
  recoveryTemplate?: EmailTemplate;
  /** The clock the sign-in back-off and the verification limits read (tests move it on). */
  now?: () => number;
}

/** The options with every default filled in. */
export type ResolvedAuthOptions = AuthOptions &
  Required<
    Pick<
      AuthOptions,
      | 'additionalRedirectUrls'
      | 'mailerOtpExpirySeconds'
      | 'emailMaxFrequencySeconds'
      | 'secureEmailChange'
      | 'tokenVerificationsPerIp'
    >
  >;

/** Hosted Supabase's "digits and letters" choice. */
export const lettersAndDigits = ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'];

/** GoTrue's default JWT_ADMIN_ROLES: tokens with these roles may use /admin. */
export const adminRoles = ['service_role', 'supabase_admin'];

/** The audience GoTrue gives users and expects in their tokens. */
export const audience = 'authenticated';

export interface AuthContext {
  options: ResolvedAuthOptions;
  sendMail: SendMail;
  pool: Pool;
  secret: Uint8Array;
  passwordRules: PasswordRules;
  signinThrottle: SigninThrottle;
  /** /verify requests per client address ([auth.rate_limit] token_verifications). */
  verifyLimiter: TokenBucket;
  /** /factors/{id}/challenge and /verify requests per client address (GoTrue's MFA limiter). */
  factorLimiter: TokenBucket;
  /** Milliseconds since the epoch: options.now, or the system clock. */
  now: () => number;
}
