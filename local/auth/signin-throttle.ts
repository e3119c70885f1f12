/**
 * Failed sign-in back-off instead of a lock-out, kept in the auth schema so a restart forgets
 * nothing (auth.failed_attempts, auth.signin_addresses). Checked before the password:
 *
 * 1. one address over all accounts: `perAddress` misses in GoTrue's 5 minutes, then 1 s doubling
 *    up to 5 minutes; a success does not lift it;
 * 2. one account from one address: `perAccount` misses, then 30 s doubling up to the window; a
 *    success from that address forgives them;
 * 3. an account under attack (4 × `perAccount` misses in the window from all addresses): an
 *    address that has not signed in to it in 30 days gets one free miss on it instead of
 *    `perAccount`. Nothing waits before its first attempt, so the owner's right password from a
 *    new address is heard at once however many addresses the attacker uses.
 */
import { backoffWait, type BackoffRule, type RecentFailures } from './backoff.ts';
import type { Db } from './db.ts';
import { recordFailure } from './failed-attempts.ts';

export interface SigninThrottleSettings {
  /** Free failures on one account from one address (AUTH_FAILED_SIGNIN_LIMIT_PER_ACCOUNT). */
  perAccount: number;
  /** The longest wait, and how long failures are remembered (AUTH_FAILED_SIGNIN_WINDOW_SECONDS). */
  windowSeconds: number;
  /** Free failures from one address over all accounts in GoTrue's 5-minute window (sign_in_sign_ups). */
  perAddress: number;
  now: () => number;
}

/** The interval GoTrue counts sign-in and sign-up requests per IP over (RATE_LIMIT_SIGN_IN_SIGN_UPS). */
export const addressWindowSeconds = 300;
/** The first wait once an account's free failures from one address are spent. */
const accountFirstWaitSeconds = 30;
/** Misses on one account from all addresses, as a multiple of `perAccount`, that mean an attack. */
export const attackFactor = 4;
/** Free misses on an account under attack for an address that has not signed in to it. */
export const freeMissesUnderAttack = 1;
/** How long a successful sign-in keeps its address known to the account. */
const knownForMs = 30 * 24 * 3600 * 1000;

interface ThrottleState {
  address_count: number;
  address_last: Date | null;
  pair_count: number;
  pair_last: Date | null;
  account_count: number;
  known: boolean;
}

const recent = (count: number, last: Date | null): RecentFailures => ({ count, lastAt: last?.getTime() ?? null });

export class SigninThrottle {
  readonly #settings: SigninThrottleSettings;
  readonly #addressRule: BackoffRule;

  constructor(settings: SigninThrottleSettings) {
    this.#settings = settings;
    this.#addressRule = {
      freeFailures: settings.perAddress,
      firstWaitSeconds: 1,
      maxWaitSeconds: addressWindowSeconds,
    };
  }

  /** Seconds this address must wait before trying this account (0: it may try now). */
  async wait(db: Db, account: string, address: string | null): Promise<number> {
    const { perAccount, windowSeconds, now: clock } = this.#settings;
    const now = clock();
    const { rows } = await db.query<ThrottleState>(
      `with signin as (
         select * from auth.failed_attempts where kind = 'signin' and failed_at > $5 and failed_at <= $6
       )
       select
         (select count(*)::int from signin where address = $2::inet and failed_at > $3) as address_count,
         (select max(failed_at) from signin where address = $2::inet and failed_at > $3) as address_last,
         (select count(*)::int from signin where account = $1 and address is not distinct from $2::inet and not forgiven) as pair_count,
         (select max(failed_at) from signin where account = $1 and address is not distinct from $2::inet and not forgiven) as pair_last,
         (select count(*)::int from signin where account = $1 and not forgiven) as account_count,
         exists (select 1 from auth.signin_addresses where account = $1 and address = $2::inet
           and signed_in_at > $4 and signed_in_at <= $6) as known`,
      [
        account,
        address,
        new Date(now - addressWindowSeconds * 1000),
        new Date(now - knownForMs),
        new Date(now - windowSeconds * 1000),
        new Date(now),
      ],
    );
    const state = rows[0]!;
    const underAttack = state.account_count >= perAccount * attackFactor && !state.known;
    const pairRule: BackoffRule = {
      freeFailures: underAttack ? Math.min(freeMissesUnderAttack, perAccount) : perAccount,
      firstWaitSeconds: Math.min(accountFirstWaitSeconds, windowSeconds),
      maxWaitSeconds: windowSeconds,
    };
    return Math.max(
      backoffWait(recent(state.address_count, state.address_last), this.#addressRule, now),
      backoffWait(recent(state.pair_count, state.pair_last), pairRule, now),
    );
  }

  async failed(db: Db, account: string, address: string | null): Promise<void> {
    await recordFailure(db, 'signin', account, address, this.#settings.now());
  }

  /** A success forgives this address's misses on the account (never its misses over all accounts) and remembers it. */
  async succeeded(db: Db, account: string, address: string | null): Promise<void> {
    await db.query(
      `update auth.failed_attempts set forgiven = true
       where kind = 'signin' and account = $1 and address is not distinct from $2::inet and not forgiven`,
      [account, address],
    );
    if (!address) return;
    await db.query(
      `insert into auth.signin_addresses (account, address, signed_in_at) values ($1, $2, $3)
       on conflict (account, address) do update set signed_in_at = excluded.signed_in_at`,
      [account, address, new Date(this.#settings.now())],
    );
  }
}
