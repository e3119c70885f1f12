/**
 * What the Studio asks Sanity's project and identity APIs, answered for one local editor: who is
 * logged in (`/users/me`, with a role, or the Studio shows its login screen), the project and its
 * members, the dataset ACL (the permission model: read, create, update, history on everything)
 * and `/features` as `[]` (no releases, comments, tasks or scheduling offline). Everything else a
 * hosted project has (grants, key-value store, journeys, schedules, ...) answers 404, which the
 * Studio treats as "not available".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendHttpError, sendJson } from './http-reply.ts';

export const localEditor = {
  id: 'local-editor',
  name: 'Local editor',
  email: 'editor@localhost',
  profileImage: null,
  role: 'administrator',
  roles: [{ name: 'administrator', title: 'Administrator', description: 'Edits everything (local content lake)' }],
  provider: 'local',
};

const member = {
  id: localEditor.id,
  role: 'administrator',
  roles: localEditor.roles,
  isCurrentUser: true,
  isRobot: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const publicUser = {
  id: localEditor.id,
  projectId: '',
  displayName: localEditor.name,
  givenName: 'Local',
  familyName: 'editor',
  middleName: null,
  imageUrl: null,
  createdAt: member.createdAt,
  updatedAt: member.createdAt,
  isCurrentUser: true,
};

const editorAcl = [{ filter: '_id in path("**")', permissions: ['read', 'create', 'update', 'history'] }];

/** Answers one Studio API path (version prefix removed); false when the path is not one of these. */
export function handleStudioApi(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  ctx: { projectId: string; dataset: string },
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const project = {
    id: ctx.projectId,
    displayName: 'Ascent (local content lake)',
    studioHost: null,
    isBlocked: false,
    isDisabled: false,
    isDisabledByUser: false,
    organizationId: null,
    metadata: { color: '#0f766e', externalStudioHost: null },
    members: [member],
    features: [],
    pendingInvites: 0,
    createdAt: member.createdAt,
  };
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second, third, fourth, fifth] = parts;
  const reply = (body: unknown): true => {
    sendJson(res, 200, body);
    return true;
  };

  if (first === 'ping' && parts.length === 1) {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end('PONG');
    return true;
  }
  if (first === 'users' && second === 'me' && parts.length === 2) return reply(localEditor);
  // The per-user key-value store (e.g. "announcement seen"): nothing is kept offline.
  if (first === 'users' && second === 'me' && third === 'keyvalue' && fourth) {
    return reply(fourth.split(',').map((key) => ({ key, value: null })));
  }
  if (first === 'users' && second && parts.length === 2) {
    const ids = second.split(',');
    const users = ids.filter((id) => id === localEditor.id).map(() => ({ ...publicUser, projectId: ctx.projectId }));
    return reply(ids.length === 1 ? (users[0] ?? null) : users);
  }
  if (first === 'auth' && second === 'providers') return reply({ thirdPartyLogin: false, sso: {}, providers: [] });
  if (first === 'features' && parts.length === 1) return reply([]);
  if (first === 'projects' && second === ctx.projectId) {
    if (parts.length === 2) return reply(project);
    if (third === 'datasets' && parts.length === 3) {
      return reply([{ name: ctx.dataset, aclMode: 'public', createdAt: member.createdAt, tags: [] }]);
    }
    if (third === 'datasets' && fourth === ctx.dataset && fifth === 'acl' && parts.length === 5)
      return reply(editorAcl);
    if (third === 'features' && parts.length === 3) return reply([]);
    if (third === 'users' && parts.length === 4) return reply([{ ...publicUser, projectId: ctx.projectId }]);
    if (third === 'roles' && parts.length === 3) return reply(localEditor.roles);
  }
  if (first === 'projects' && second && second !== ctx.projectId && parts.length === 2) {
    sendHttpError(res, 404, `Project "${second}" not found: this local content lake serves "${ctx.projectId}"`);
    return true;
  }
  return false;
}
