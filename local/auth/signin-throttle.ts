/**
 * Failed sign-in back-off instead of a lock-out: an attacker's wrong passwords slow the attacker
 * (per address, and per account from that address), never the account's owner signing in from
 * elsewhere. A guessing spread over many addresses also slows the account, except for addresses
 * that signed in to it before.
 */
import { Backoff } from './backoff.ts';

export interface SigninThrottleSettings {
  /** Free failures on one account from one address (AUTH_FAILED_SIGNIN_LIMIT_PER_ACCOUNT). */
  perAccount: number;
  /** The longest wait, and how long failures are remembered (AUTH_FAILED_SIGNIN_WINDOW_SECONDS). */
  windowSeconds: number;
  /** Free failures from one address over all accounts in GoTrue's 5-minute window (sign_in_sign_ups). */
  perAddress: number;
  now?: () => number;
}

/** The interval GoTrue counts sign-in and sign-up requests per IP over (RATE_LIMIT_SIGN_IN_SIGN_UPS). */
export const addressWindowSeconds = 300;
/** The first wait once an account's free failures from one address are spent. */
const accountFirstWaitSeconds = 30;
/** Failures on one account from all its unknown addresses, as a multiple of the per-address allowance. */
const spreadFactor = 4;
/** How long a successful sign-in keeps its address known to the account. */
const knownForMs = 30 * 24 * 3600 * 1000;
const knownLimit = 10_000;

export class SigninThrottle {
  readonly #address: Backoff;
  readonly #accountFromAddress: Backoff;
  readonly #account: Backoff;
  readonly #known = new Map<string, number>();
  readonly #now: () => number;

  constructor(settings: SigninThrottleSettings) {
    this.#now = settings.now ?? Date.now;
    const window = settings.windowSeconds;
    const first = Math.min(accountFirstWaitSeconds, window);
    this.#address = new Backoff(
      { freeFailures: settings.perAddress, firstWaitSeconds: 1, maxWaitSeconds: addressWindowSeconds },
      this.#now,
    );
    this.#accountFromAddress = new Backoff(
      { freeFailures: settings.perAccount, firstWaitSeconds: first, maxWaitSeconds: window },
      this.#now,
    );
    this.#account = new Backoff(
      { freeFailures: settings.perAccount * spreadFactor, firstWaitSeconds: first, maxWaitSeconds: window },
      this.#now,
    );
  }

  /** Seconds this address must wait before trying this account (0: it may try now). */
  wait(account: string, address: string | null): number {
    const from = address ?? 'unknown';
    return Math.max(
      address ? this.#address.wait(address) : 0,
      this.#accountFromAddress.wait(`${account} ${from}`),
      this.#isKnown(account, address) ? 0 : this.#account.wait(account),
    );
  }

  failed(account: string, address: string | null): void {
    if (address) this.#address.fail(address);
    this.#accountFromAddress.fail(`${account} ${address ?? 'unknown'}`);
    this.#account.fail(account);
  }

  /** A success forgives this address's misses on the account, never the address's over all accounts. */
  succeeded(account: string, address: string | null): void {
    this.#accountFromAddress.forgive(`${account} ${address ?? 'unknown'}`);
    if (!address) return;
    if (this.#known.size >= knownLimit) this.#forgetOldest();
    this.#known.delete(`${account} ${address}`);
    this.#known.set(`${account} ${address}`, this.#now());
  }

  #isKnown(account: string, address: string | null): boolean {
    if (!address) return false;
    const at = this.#known.get(`${account} ${address}`);
    return at !== undefined && this.#now() - at < knownForMs;
  }

  /** Map order is insertion order, and a success re-inserts: the first entry is the stalest. */
  #forgetOldest(): void {
    const oldest = this.#known.keys().next();
    if (!oldest.done) this.#known.delete(oldest.value);
  }
}
