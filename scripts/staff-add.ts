/**
 * `npm run staff:add -- <email> <password>`: gives someone access to /admin. Creates a confirmed
 * user (or sets the password of the existing one) through the Auth admin API, then records the
 * user in public.staff, both with the service-role key. Works against local or hosted Supabase.
 */
import { createClient, isAuthRetryableFetchError, type SupabaseClient, type User } from '@supabase/supabase-js';
import type { Database } from '../supabase/database.types.ts';
import { loadConfig } from '../local/config.ts';
import { loadEnv } from '../local/env.ts';
import { authSettings } from '../local/supabase-config/settings.ts';

export const usage = 'Usage: npm run staff:add -- <email> <password>';

/** Bad arguments: print the message with the usage line, exit 2. */
export class UsageError extends Error {}

export interface StaffArgs {
  email: string;
  password: string;
}

export function parseStaffArgs(argv: readonly string[], minPasswordLength: number): StaffArgs {
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  const [email, password] = args;
  if (args.length !== 2 || email === undefined || password === undefined) {
    throw new UsageError(`Expected an e-mail address and a password, got ${args.length} argument(s).\n${usage}`);
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`"${email}" is not an e-mail address.\n${usage}`);
  // The server refuses weak passwords only when one is changed; hold new accounts to the same rule.
  if (password.length < minPasswordLength) {
    throw new UsageError(
      `The password must be at least ${minPasswordLength} characters (auth.minimum_password_length in supabase/config.toml).`,
    );
  }
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) {
    throw new UsageError('The password must contain both letters and digits.');
  }
  return { email: email.toLowerCase(), password };
}

export interface StaffResult {
  userId: string;
  created: boolean;
}

/** Turns a supabase-js error into one sentence that says what to do. */
function failure(action: string, error: { message: string; code?: string | undefined }, apiUrl: string): Error {
  if (isAuthRetryableFetchError(error) || /fetch failed|ECONNREFUSED/i.test(error.message)) {
    return new Error(
      `Cannot reach the Supabase API at ${apiUrl} (${error.message}). Is the stack running (npm start)?`,
    );
  }
  return new Error(`${action}: ${error.message}${error.code ? ` (${error.code})` : ''}`);
}

async function findUserByEmail(
  supabase: SupabaseClient<Database>,
  email: string,
  apiUrl: string,
): Promise<User | null> {
  const perPage = 1000;
  for (let page = 1; ; page++) {
    const { data, error } = await supabase.auth.admin.listUsers({ page, perPage });
    if (error) throw failure('Could not list users', error, apiUrl);
    const match = data.users.find((user) => user.email?.toLowerCase() === email);
    if (match) return match;
    if (data.users.length < perPage) return null;
  }
}

/** The whole flow, given a service-role client: safe to run again for the same address. */
export async function addStaff(
  supabase: SupabaseClient<Database>,
  args: StaffArgs,
  apiUrl: string,
): Promise<StaffResult> {
  const existing = await findUserByEmail(supabase, args.email, apiUrl);
  let userId: string;
  if (existing) {
    const { error } = await supabase.auth.admin.updateUserById(existing.id, {
      password: args.password,
      email_confirm: true,
    });
    if (error) throw failure(`Could not set the password of ${args.email}`, error, apiUrl);
    userId = existing.id;
  } else {
    const { data, error } = await supabase.auth.admin.createUser({
      email: args.email,
      password: args.password,
      email_confirm: true,
    });
    if (error) throw failure(`Could not create ${args.email}`, error, apiUrl);
    userId = data.user.id;
  }
  const { error } = await supabase
    .from('staff')
    .upsert({ user_id: userId, email: args.email }, { onConflict: 'user_id' });
  if (error) throw failure(`The account is ready but could not be recorded in public.staff`, error, apiUrl);
  return { userId, created: !existing };
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    const { env, supabase: project, apiUrl: localApi } = loadConfig();
    const args = parseStaffArgs(argv, authSettings(project).passwordMinLength);
    // SUPABASE_URL is not among loadConfig's validated settings yet; it comes from the same files.
    const apiUrl = loadEnv().SUPABASE_URL || localApi;
    if (!URL.canParse(apiUrl)) throw new Error(`SUPABASE_URL is not a URL: "${apiUrl}"`);
    const supabase = createClient<Database>(apiUrl, env.SUPABASE_SERVICE_ROLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const result = await addStaff(supabase, args, apiUrl);
    const what = result.created ? 'Created' : 'Updated the password of';
    console.log(`✔ ${what} staff user ${args.email} (${result.userId})`);
    return 0;
  } catch (error) {
    console.error(`✖ ${(error as Error).message}`);
    return error instanceof UsageError ? 2 : 1;
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
