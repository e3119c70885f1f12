/** POST /token?grant_type=refresh_token: rotation with GoTrue's reuse rules, codes and messages. */
import { z } from 'zod';
import { badRequest } from './errors.ts';
import { clientIp, json, readJson } from './http.ts';
import type { AuthContext } from './options.ts';
import { rotateRefreshToken } from './refresh-rotation.ts';
import { sessionReply } from './session-reply.ts';
import { findUserById } from './user-store.ts';

const params = z.object({ refresh_token: z.string().nullish() });

export async function refreshTokenGrant(ctx: AuthContext, request: Request): Promise<Response> {
  const body = await readJson(request, params);
  const token = body.refresh_token ?? '';
  // GoTrue answers this one in OAuth's shape rather than its own.
  if (token === '') return json(400, { error: 'invalid_request', error_description: 'refresh_token required' });

  const client = { ip: clientIp(request), userAgent: request.headers.get('user-agent') };
  const rotation = await rotateRefreshToken(ctx.pool, token, ctx.options.refreshTokenReuseInterval, client);
  if (rotation.kind === 'not_found') {
    throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  if (rotation.kind === 'banned') throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
  if (rotation.kind === 'already_used') {
    throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  const user = await findUserById(ctx.pool, rotation.session.user_id);
  if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  return json(200, await sessionReply(ctx, ctx.pool, user, rotation.session, rotation.refreshToken));
}
