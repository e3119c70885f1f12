/**
 * What each local stand-in takes from supabase/config.toml, with the CLI's defaults for keys
 * the file leaves out (its template's values), so the stand-ins and `supabase start` agree.
 * Names match the stand-ins' options, so each result spreads straight into them.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { envReference, SupabaseConfigError } from './read.ts';
import type { SupabaseConfig } from './schema.ts';
import type { EmailTemplate } from '../auth/email-template.ts';
import { parseGoDuration } from '../auth/go-duration.ts';
import { repoRoot } from '../env.ts';

export interface AuthSettings {
  enableSignup: boolean;
  jwtExpiry: number;
  passwordMinLength: number;
  /** Character sets a password must each draw from (GoTrue's PASSWORD_REQUIRED_CHARACTERS). */
  passwordRequiredCharacters: string[];
  refreshTokenReuseInterval: number;
  /**
   * `[auth.rate_limit] sign_in_sign_ups`, per client IP in GoTrue's 5-minute window (the local
   * auth server counts failed sign-ins only, where GoTrue counts every sign-in and sign-up).
   */
  failedSigninLimitPerIp: number;
  /** `[auth.rate_limit] token_verifications`: /verify requests per client IP in 5 minutes. */
  tokenVerificationsPerIp: number;
  siteUrl: string;
  additionalRedirectUrls: string[];
  /** auth.email.otp_expiry: seconds a recovery link works. */
  mailerOtpExpirySeconds: number;
  /** auth.email.max_frequency: at most one recovery mail per user in this many seconds. */
  emailMaxFrequencySeconds: number;
  /** auth.email.double_confirm_changes: both addresses confirm an e-mail change (hosted default). */
  secureEmailChange: boolean;
  /** Not auth.email.enable_confirmations (default false): a password sign-up is signed in at once. */
  mailerAutoconfirm: boolean;
  /** [auth.email.smtp], when enabled: auth's own e-mails (recovery) go through it. */
  smtp: AuthSmtpSettings | undefined;
  /** [auth.email.template.recovery]: the subject and the HTML file's content (GoTrue's default when absent). */
  recoveryTemplate: EmailTemplate | undefined;
}

export interface AuthSmtpSettings {
  host: string;
  port: number;
  user: string;
  pass: string;
  adminEmail: string;
  senderName: string;
}

const lower = 'abcdefghijklmnopqrstuvwxyz';
const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const digits = '0123456789';
const symbols = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** The sets the CLI sends for each `password_requirements` value (PasswordRequirements.ToChar). */
const requiredCharacters: Record<string, string[]> = {
  '': [],
  letters_digits: [lower + upper, digits],
  lower_upper_letters_digits: [lower, upper, digits],
  lower_upper_letters_digits_symbols: [lower, upper, digits, symbols],
};

/** A string setting the stand-ins need, refused while it still names an unset variable. */
function resolved(value: string, key: string): string {
  const name = envReference.exec(value)?.[1];
  if (name !== undefined) throw new SupabaseConfigError(`supabase/config.toml ${key} = "${value}": ${name} is not set`);
  return value;
}

/** GoTrue's SMTP_MAX_FREQUENCY: a Go duration, one minute when unset. */
function frequencySeconds(value: string | undefined): number {
  if (value === undefined) return 60;
  const ms = parseGoDuration(value);
  if (ms === null)
    throw new SupabaseConfigError(`supabase/config.toml auth.email.max_frequency = "${value}" is not a duration`);
  return ms / 1000;
}

type SmtpConfig = NonNullable<NonNullable<NonNullable<SupabaseConfig['auth']>['email']>['smtp']>;

/** The SMTP server GoTrue would use, env() values resolved; undefined when not enabled. */
function smtpSettings(smtp: SmtpConfig | undefined): AuthSmtpSettings | undefined {
  if (!smtp || smtp.enabled === false || !smtp.host) return undefined;
  // An unset (or empty) variable leaves `env(NAME)` in place: no SMTP login, as GoTrue with an empty value.
  const optional = (value: string | undefined) => (value === undefined || envReference.test(value) ? '' : value);
  return {
    host: resolved(smtp.host, 'auth.email.smtp.host'),
    port: smtp.port ?? 587,
    user: optional(smtp.user),
    pass: optional(smtp.pass),
    adminEmail: resolved(smtp.admin_email ?? 'admin@email.com', 'auth.email.smtp.admin_email'),
    senderName: smtp.sender_name ?? '',
  };
}

type TemplateConfig = NonNullable<NonNullable<NonNullable<SupabaseConfig['auth']>['email']>['template']>;

/** GoTrue's subject for a recovery mail when the template sets none. */
const defaultRecoverySubject = 'Reset Your Password';

/** The recovery template's file, read as the CLI reads it: content_path relative to the repository. */
function recoveryTemplate(templates: TemplateConfig | undefined): EmailTemplate | undefined {
  const config = templates?.recovery;
  if (!config?.content_path) return undefined;
  const path = isAbsolute(config.content_path) ? config.content_path : join(repoRoot, config.content_path);
  try {
    return { subject: config.subject ?? defaultRecoverySubject, content: readFileSync(path, 'utf8') };
  } catch {
    throw new SupabaseConfigError(
      `supabase/config.toml auth.email.template.recovery.content_path = "${config.content_path}": no such file`,
    );
  }
}

export function authSettings(config: SupabaseConfig): AuthSettings {
  const auth = config.auth ?? {};
  if (auth.enable_refresh_token_rotation === false) {
    throw new SupabaseConfigError(
      'supabase/config.toml auth.enable_refresh_token_rotation = false: the local auth server always rotates',
    );
  }
  return {
    enableSignup: auth.enable_signup ?? true,
    jwtExpiry: auth.jwt_expiry ?? 3600,
    passwordMinLength: auth.minimum_password_length ?? 6,
    passwordRequiredCharacters: requiredCharacters[auth.password_requirements ?? ''] ?? [],
    refreshTokenReuseInterval: auth.refresh_token_reuse_interval ?? 10,
    failedSigninLimitPerIp: auth.rate_limit?.sign_in_sign_ups ?? 30,
    tokenVerificationsPerIp: auth.rate_limit?.token_verifications ?? 30,
    siteUrl: resolved(auth.site_url ?? 'http://127.0.0.1:3000', 'auth.site_url'),
    additionalRedirectUrls: auth.additional_redirect_urls ?? [],
    mailerOtpExpirySeconds: auth.email?.otp_expiry ?? 3600,
    emailMaxFrequencySeconds: frequencySeconds(auth.email?.max_frequency),
    secureEmailChange: auth.email?.double_confirm_changes ?? true,
    mailerAutoconfirm: !(auth.email?.enable_confirmations ?? false),
    smtp: smtpSettings(auth.email?.smtp),
    recoveryTemplate: recoveryTemplate(auth.email?.template),
  };
}

export interface FunctionSettings {
  /** Platform default: every call needs a valid JWT (anon key, user token or service key). */
  verifyJwt: boolean;
  enabled: boolean;
}

export function functionSettings(config: Pick<SupabaseConfig, 'functions'>, name: string): FunctionSettings {
  const settings = config.functions?.[name];
  return { verifyJwt: settings?.verify_jwt ?? true, enabled: settings?.enabled ?? true };
}

export interface RestSettings {
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number;
}

export function restSettings(config: SupabaseConfig): RestSettings {
  return {
    schemas: config.api?.schemas ?? ['public', 'graphql_public'],
    extraSearchPath: config.api?.extra_search_path ?? ['public', 'extensions'],
    maxRows: config.api?.max_rows ?? 1000,
  };
}
