/** Test fixtures for local/auth: a throw-away database with Supabase's bootstrap, and HTTP serving. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { localDefaults } from '../env.ts';
import { freshDatabase } from '../../tests/support/shared-postgres.ts';
import type { AuthOptions, AuthServer } from './index.ts';

// The Supabase CLI's public demo secret and keys, as .env.example documents them: for local tests only.
const defaults = localDefaults();
export const jwtSecret = defaults.SUPABASE_JWT_SECRET!;
export const anonKey = defaults.SUPABASE_ANON_KEY!;
export const serviceRoleKey = defaults.SUPABASE_SERVICE_ROLE_KEY!;
export const issuer = `${defaults.SUPABASE_URL}/auth/v1`;

export interface TestDatabase {
  /** supabase_auth_admin's URL, as the gateway passes it. */
  authUrl: string;
  /** A superuser connection for arranging and inspecting rows. */
  sql: pg.Client;
  stop(): Promise<void>;
}

/** A fresh database with Supabase's bootstrap (the auth schema) in the run's shared PostgreSQL. */
export async function startTestDatabase(): Promise<TestDatabase> {
  const database = await freshDatabase();
  const sql = new pg.Client({ connectionString: database.adminUrl });
  await sql.connect();
  return {
    authUrl: database.urlFor('supabase_auth_admin'),
    sql,
    async stop() {
      await sql.end();
      await database.drop();
    },
  };
}

export function testOptions(databaseUrl: string, overrides: Partial<AuthOptions> = {}): AuthOptions {
  return {
    databaseUrl,
    jwtSecret,
    jwtExpiry: 3600,
    issuer,
    serviceRoleKey,
    enableSignup: false,
    passwordMinLength: 8,
    failedSigninLimitPerAccount: 5,
    failedSigninLimitPerIp: 30,
    failedSigninWindowSeconds: 900,
    refreshTokenReuseInterval: 10,
    siteUrl: 'http://127.0.0.1:3000',
    ...overrides,
  };
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** A request as supabase-js would send it after the gateway stripped /auth/v1. */
export function authRequest(method: string, path: string, options: CallOptions = {}): Request {
  const headers = new Headers({ 'x-forwarded-for': '203.0.113.1', ...options.headers });
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Request(`http://auth.test${path}`, { method, headers, body });
}

export type Body = Record<string, unknown>;

/** Calls the handler and reads the JSON reply (`{}` for an empty body). */
export async function call(server: AuthServer, method: string, path: string, options: CallOptions = {}) {
  const response = await server.handle(authRequest(method, path, options));
  const text = await response.text();
  const body = (text === '' ? {} : JSON.parse(text)) as Body;
  return { status: response.status, headers: response.headers, body };
}

export interface SessionBody {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  expires_at: number;
  user: Body & { id: string };
}

/** Narrows a reply to a session, failing the test with the reply when it is not one. */
export function asSession(body: Body): SessionBody {
  const user = body.user as Body | undefined;
  if (typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string' || typeof user?.id !== 'string') {
    throw new Error(`not a session reply: ${JSON.stringify(body)}`);
  }
  return body as unknown as SessionBody;
}

export function uniqueEmail(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
}

/** Creates a confirmed user through the admin API, returning its id. */
export async function createUser(server: AuthServer, email: string, password: string): Promise<string> {
  const { status, body } = await call(server, 'POST', '/admin/users', {
    token: serviceRoleKey,
    body: { email, password, email_confirm: true },
  });
  if (status !== 200 || typeof body.id !== 'string')
    throw new Error(`createUser ${email}: ${status} ${JSON.stringify(body)}`);
  return body.id;
}

export async function signIn(server: AuthServer, email: string, password: string, ip = '203.0.113.1') {
  return call(server, 'POST', '/token?grant_type=password', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });
}

/** Serves a handler over HTTP on a free port, as the gateway would (test use only). */
export async function serveAuth(
  server: AuthServer,
  extra?: (req: IncomingMessage, body: Buffer, res: ServerResponse) => boolean,
): Promise<{ url: string; close(): Promise<void> }> {
  const http = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (extra?.(req, body, res)) return;
    const path = (req.url ?? '/').replace(/^\/auth\/v1/, '');
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    headers.set('x-forwarded-for', req.socket.remoteAddress ?? '127.0.0.1');
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && body.length > 0;
    const response = await server.handle(
      new Request(`http://127.0.0.1${path}`, { method: req.method, headers, body: hasBody ? body : undefined }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
