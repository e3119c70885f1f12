/** GET /health and GET /settings, in GoTrue's shapes, describing what this server offers. */
import { json } from './http.ts';
import type { AuthContext } from './options.ts';

export function health(): Response {
  return json(200, {
    version: 'local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}

const externalProviders = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'nextcloud',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
];

export function settings(ctx: AuthContext): Response {
  const external: Record<string, boolean> = { anonymous_users: false };
  for (const provider of externalProviders) external[provider] = false;
  // Only password sign-in exists here; e-mail and phone are both confirmed without messages.
  Object.assign(external, { email: true, phone: true });
  return json(200, {
    external,
    disable_signup: !ctx.options.enableSignup,
    mailer_autoconfirm: true,
    phone_autoconfirm: true,
    sms_provider: '',
    saml_enabled: false,
  });
}
