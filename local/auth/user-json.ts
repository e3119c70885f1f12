/** A user as GoTrue serialises it (models.User): its field names, order and omitted empty fields. */
import { factorJson, type FactorRow } from './mfa-store.ts';
import type { IdentityRow, UserRow } from './user-store.ts';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);

/** Go's `omitempty`: leave the key out when there is no value. */
function compact(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

export function identityJson(identity: IdentityRow): Record<string, unknown> {
  return compact({
    // GoTrue swaps these names for backward compatibility: `id` is the provider's id.
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  });
}

export function userJson(user: UserRow, identities: IdentityRow[], factors: FactorRow[] = []): Record<string, unknown> {
  const confirmed = [user.email_confirmed_at, user.phone_confirmed_at].filter((d): d is Date => d !== null);
  // confirmed_at is GoTrue's generated column least(email_confirmed_at, phone_confirmed_at).
  const confirmedAt = confirmed.length ? new Date(Math.min(...confirmed.map((d) => d.getTime()))) : null;
  return compact({
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(confirmedAt),
    email_change_sent_at: iso(user.email_change_sent_at),
    new_email: user.email_change || undefined,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    // omitempty: only a user with factors has the key.
    factors: factors.length ? factors.map(factorJson) : undefined,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  });
}
