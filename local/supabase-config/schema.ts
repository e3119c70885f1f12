/**
 * The part of the Supabase CLI's config.toml this project uses, with the CLI's key names and
 * types (its Go structs decode with UnmarshalExact, so an unknown key fails `supabase start`):
 * strict objects, so a key the CLI would refuse fails here first. Add a key here, with the
 * CLI's type, before using it in supabase/config.toml.
 */
import { z } from 'zod';

/** Go `uint` and `uint16` as the CLI declares its fields. */
const uint = z.int().nonnegative();
const port = z.int().min(0).max(65535);
const strings = z.array(z.string());
/** Go durations as the CLI reads them, e.g. "1s", "2m", "24h". */
const duration = z.string().regex(/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/, 'a Go duration such as "1s" or "2m"');

const api = z.strictObject({
  enabled: z.boolean().optional(),
  port: port.optional(),
  schemas: strings.optional(),
  extra_search_path: strings.optional(),
  max_rows: uint.optional(),
});

const db = z.strictObject({
  port: port.optional(),
  shadow_port: port.optional(),
  health_timeout: duration.optional(),
  major_version: z.union([z.literal(13), z.literal(14), z.literal(15), z.literal(17)]).optional(),
  migrations: z.strictObject({ enabled: z.boolean().optional(), schema_paths: strings.optional() }).optional(),
  seed: z.strictObject({ enabled: z.boolean().optional(), sql_paths: strings.optional() }).optional(),
});

const inbucket = z.strictObject({
  enabled: z.boolean().optional(),
  port: port.optional(),
  smtp_port: port.optional(),
  pop3_port: port.optional(),
  admin_email: z.string().optional(),
  sender_name: z.string().optional(),
});

const rateLimit = z.strictObject({
  anonymous_users: uint.optional(),
  token_refresh: uint.optional(),
  sign_in_sign_ups: uint.optional(),
  token_verifications: uint.optional(),
  email_sent: uint.optional(),
  sms_sent: uint.optional(),
  web3: uint.optional(),
});

const smtp = z.strictObject({
  enabled: z.boolean().optional(),
  host: z.string().optional(),
  port: port.optional(),
  user: z.string().optional(),
  pass: z.string().optional(),
  admin_email: z.string().optional(),
  sender_name: z.string().optional(),
});

/** `[auth.email.template.<name>]`: the CLI's emailTemplate (content_path relative to the repository). */
const emailTemplate = z.strictObject({
  subject: z.string().optional(),
  content_path: z.string().optional(),
});
const templateNames = z.enum(['invite', 'confirmation', 'recovery', 'magic_link', 'email_change', 'reauthentication']);

const email = z.strictObject({
  enable_signup: z.boolean().optional(),
  double_confirm_changes: z.boolean().optional(),
  enable_confirmations: z.boolean().optional(),
  secure_password_change: z.boolean().optional(),
  max_frequency: duration.optional(),
  otp_length: uint.optional(),
  otp_expiry: uint.optional(),
  smtp: smtp.optional(),
  template: z.partialRecord(templateNames, emailTemplate).optional(),
});

export const passwordRequirements = [
  '',
  'letters_digits',
  'lower_upper_letters_digits',
  'lower_upper_letters_digits_symbols',
] as const;

const auth = z.strictObject({
  enabled: z.boolean().optional(),
  site_url: z.string().optional(),
  additional_redirect_urls: strings.optional(),
  jwt_expiry: uint.max(604_800, 'at most 604800 (one week), as the CLI documents').optional(),
  enable_refresh_token_rotation: z.boolean().optional(),
  refresh_token_reuse_interval: uint.optional(),
  enable_signup: z.boolean().optional(),
  enable_anonymous_sign_ins: z.boolean().optional(),
  enable_manual_linking: z.boolean().optional(),
  minimum_password_length: uint.optional(),
  password_requirements: z.enum(passwordRequirements).optional(),
  rate_limit: rateLimit.optional(),
  email: email.optional(),
});

/** The CLI's sizeInBytes (go-units RAMInBytes): "50MiB", "50MB" and "50M" all count in 1024s. */
export const sizePattern = /^(\d+(\.\d+)*) ?([kKmMgGtTpP])?[iI]?[bB]?$/;

const storage = z.strictObject({
  enabled: z.boolean().optional(),
  file_size_limit: z.string().regex(sizePattern, 'a size such as "50MiB"').optional(),
});

const edgeRuntime = z.strictObject({
  enabled: z.boolean().optional(),
  policy: z.enum(['oneshot', 'per_worker']).optional(),
  inspector_port: port.optional(),
  deno_version: z.union([z.literal(1), z.literal(2)]).optional(),
});

/** The CLI's rule for function names (ValidateFunctionSlug). */
export const functionSlug = /^[A-Za-z][A-Za-z0-9_-]*$/;

const functionConfig = z.strictObject({
  enabled: z.boolean().optional(),
  verify_jwt: z.boolean().optional(),
  import_map: z.string().optional(),
  entrypoint: z.string().optional(),
  static_files: strings.optional(),
});

export const supabaseConfigSchema = z.strictObject({
  project_id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'letters, digits, _ . and -'),
  api: api.optional(),
  db: db.optional(),
  inbucket: inbucket.optional(),
  auth: auth.optional(),
  storage: storage.optional(),
  edge_runtime: edgeRuntime.optional(),
  functions: z
    .record(z.string().regex(functionSlug, 'a function name: a letter, then letters, digits, _ and -'), functionConfig)
    .optional(),
});

export type SupabaseConfig = z.infer<typeof supabaseConfigSchema>;
