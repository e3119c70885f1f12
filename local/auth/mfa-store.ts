/** Factors, challenges and sessions' authentication methods in auth.mfa_* (GoTrue's tables). */
import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'unverified' | 'verified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  last_challenged_at: Date | null;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
}

export async function listFactors(db: Db, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    'select * from auth.mfa_factors where user_id = $1 order by created_at, id',
    [userId],
  );
  return rows;
}

export async function findOwnedFactor(db: Db, userId: string, factorId: string): Promise<FactorRow | null> {
  const { rows } = await db.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [
    factorId,
    userId,
  ]);
  return rows[0] ?? null;
}

/** GoTrue's DeleteExpiredFactors: unverified factors never challenged, older than the expiry. */
export async function deleteExpiredFactors(db: Db, expirySeconds: number, now: Date): Promise<void> {
  await db.query(
    `delete from auth.mfa_factors f
      where f.status <> 'verified'
        and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
        and f.created_at + make_interval(secs => $1) < $2`,
    [expirySeconds, now],
  );
}

export async function insertTotpFactor(
  db: Db,
  factor: { userId: string; friendlyName: string; secret: string; now: Date },
): Promise<FactorRow> {
  const { rows } = await db.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', $4, $4, $5) returning *`,
    [randomUUID(), factor.userId, factor.friendlyName, factor.now, factor.secret],
  );
  return rows[0]!;
}

export async function insertChallenge(db: Db, factorId: string, ip: string, now: Date): Promise<ChallengeRow> {
  await db.query('update auth.mfa_factors set last_challenged_at = $2, updated_at = $2 where id = $1', [factorId, now]);
  const { rows } = await db.query<ChallengeRow>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4)
     returning id, factor_id, created_at, verified_at, host(ip_address) as ip_address`,
    [randomUUID(), factorId, now, ip],
  );
  return rows[0]!;
}

export async function findChallenge(db: Db, factorId: string, challengeId: string): Promise<ChallengeRow | null> {
  const { rows } = await db.query<ChallengeRow>(
    `select id, factor_id, created_at, verified_at, host(ip_address) as ip_address
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factorId],
  );
  return rows[0] ?? null;
}

export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await db.query('delete from auth.mfa_challenges where id = $1', [id]);
}

/**
 * A verified code: the challenge is spent, the factor verified, the session gains the method
 * (aal2), sessions below aal2 end and the user's other unverified factors of the type go
 * (GoTrue's verifyTOTPFactor transaction).
 */
export async function recordVerification(
  db: Db,
  v: { challengeId: string; factor: FactorRow; sessionId: string; now: Date },
): Promise<void> {
  await db.query('update auth.mfa_challenges set verified_at = $2 where id = $1', [v.challengeId, v.now]);
  await db.query(`update auth.mfa_factors set status = 'verified', updated_at = $2 where id = $1`, [
    v.factor.id,
    v.now,
  ]);
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $3, $4)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [randomUUID(), v.sessionId, v.now, v.factor.factor_type],
  );
  await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = $3 where id = $1`, [
    v.sessionId,
    v.factor.id,
    v.now,
  ]);
  await db.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [v.factor.user_id]);
  await db.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2`, [
    v.factor.user_id,
    v.factor.factor_type,
  ]);
}

/** Unenrolling: the factor goes and the sessions it raised fall back to aal1 (DowngradeSessionsToAAL1). */
export async function deleteFactor(db: Db, factor: FactorRow): Promise<void> {
  await db.query(
    `delete from auth.mfa_amr_claims a using auth.sessions s
      where a.session_id = s.id and s.factor_id = $1 and a.authentication_method = $2`,
    [factor.id, factor.factor_type],
  );
  await db.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factor.id]);
  await db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
}

/** The methods a session has passed beyond its sign-in (mfa_amr_claims). */
export async function sessionClaims(db: Db, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const { rows } = await db.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1',
    [sessionId],
  );
  return rows.map((row) => ({
    method: row.authentication_method,
    timestamp: Math.floor(row.updated_at.getTime() / 1000),
  }));
}

/** Factor JSON as GoTrue's models.Factor serialises it (secret never). */
export function factorJson(factor: FactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    status: factor.status,
    friendly_name: factor.friendly_name || undefined,
    factor_type: factor.factor_type,
    phone: '',
    last_challenged_at: factor.last_challenged_at ? factor.last_challenged_at.toISOString() : null,
  };
}

/** The session's assurance level as stored (aal2 once a factor was verified in it). */
export async function sessionAal(db: Db, sessionId: string): Promise<string | null> {
  const { rows } = await db.query<{ aal: string }>('select aal from auth.sessions where id = $1', [sessionId]);
  return rows[0]?.aal ?? null;
}

/** GoTrue's legacy refresh-token swap: the session's current token is revoked for a child. */
export async function swapRefreshToken(db: Db, sessionId: string): Promise<{ parent: string | null }> {
  const { rows } = await db.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
      where session_id = $1 and not revoked returning token`,
    [sessionId],
  );
  return { parent: rows.at(-1)?.token ?? null };
}
