/**
 * Maps method and path (already without /auth/v1) to a route; renders every failure GoTrue's way.
 * A route table, not Hono: GoTrue's router (chi) answers 405 to a known path's other methods and to
 * HEAD, where Hono would answer 404 and run the GET route.
 */
import { adminCreateUser, adminListUsers } from './admin-users-route.ts';
import { adminDeleteUser, adminGetUser, adminUpdateUser } from './admin-user-route.ts';
import { BodyTooLargeError } from '../http/body-limit.ts';
import { AuthError, errorResponse, unexpectedFailure } from './errors.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './factors-route.ts';
import { health, settings } from './health-route.ts';
import { logout } from './logout-route.ts';
import type { AuthContext } from './options.ts';
import { signup } from './signup-route.ts';
import { recover } from './recover-route.ts';
import { otp } from './otp-route.ts';
import { invite } from './invite-route.ts';
import { passwordGrant } from './token-password.ts';
import { refreshTokenGrant } from './token-refresh.ts';
import { getUser, updateUserRoute } from './user-route.ts';
import { verifyGet, verifyPost } from './verify-route.ts';

type Route = (ctx: AuthContext, request: Request, param: string) => Promise<Response> | Response;

async function token(ctx: AuthContext, request: Request): Promise<Response> {
  const grantType = new URL(request.url).searchParams.get('grant_type');
  if (grantType === 'password') return passwordGrant(ctx, request);
  if (grantType === 'refresh_token') return refreshTokenGrant(ctx, request);
  // Other grants (pkce, id_token, web3) need flows this server does not have.
  throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
}

const routes: { path: RegExp; methods: Record<string, Route> }[] = [
  { path: /^\/health$/, methods: { GET: () => health() } },
  { path: /^\/settings$/, methods: { GET: (ctx) => settings(ctx) } },
  { path: /^\/token$/, methods: { POST: token } },
  { path: /^\/signup$/, methods: { POST: signup } },
  { path: /^\/user$/, methods: { GET: getUser, PUT: updateUserRoute } },
  { path: /^\/logout$/, methods: { POST: logout } },
  { path: /^\/factors\/?$/, methods: { POST: enrollFactor } },
  { path: /^\/factors\/([^/]+)\/challenge$/, methods: { POST: challengeFactor } },
  { path: /^\/factors\/([^/]+)\/verify$/, methods: { POST: verifyFactor } },
  { path: /^\/factors\/([^/]+)\/?$/, methods: { DELETE: unenrollFactor } },
  { path: /^\/recover$/, methods: { POST: recover } },
  { path: /^\/otp$/, methods: { POST: otp } },
  { path: /^\/invite$/, methods: { POST: invite } },
  { path: /^\/verify$/, methods: { GET: verifyGet, POST: verifyPost } },
  { path: /^\/admin\/users$/, methods: { GET: adminListUsers, POST: adminCreateUser } },
  { path: /^\/admin\/users\/([^/]+)$/, methods: { GET: adminGetUser, PUT: adminUpdateUser, DELETE: adminDeleteUser } },
];

export async function route(ctx: AuthContext, request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  for (const { path, methods } of routes) {
    const match = path.exec(pathname);
    if (!match) continue;
    const handler = methods[request.method];
    // Plain replies as GoTrue's router (chi) gives them.
    if (!handler) return new Response(null, { status: 405 });
    try {
      return await handler(ctx, request, decodeURIComponent(match[1] ?? ''));
    } catch (error) {
      if (error instanceof AuthError) return errorResponse(error, request);
      // The body cap (index.ts) answers it with GoTrue's 413.
      if (error instanceof BodyTooLargeError) throw error;
      console.error(`[auth] ${request.method} ${pathname} failed:`, error);
      return errorResponse(unexpectedFailure(), request);
    }
  }
  return new Response('404 page not found\n', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}
