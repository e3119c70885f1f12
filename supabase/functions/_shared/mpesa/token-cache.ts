/** Daraja's OAuth access token, fetched once and reused until shortly before it expires. */

export interface TokenCache {
  get(): Promise<string>;
  /** Forget the token (Daraja refused it): the next get() fetches a new one. */
  drop(token: string): void;
}

/** A token is not reused in its last minute, so a request never reaches Daraja with an expired one. */
const marginMs = 60_000;

export function createTokenCache(
  fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>,
  now: () => number = Date.now,
): TokenCache {
  let current: { token: string; until: number } | undefined;
  // Concurrent callers share one request instead of each asking for a token.
  let pending: Promise<string> | undefined;
  return {
    get() {
      if (current && current.until > now()) return Promise.resolve(current.token);
      pending ??= fetchToken()
        .then(({ token, expiresInSeconds }) => {
          current = { token, until: now() + Math.max(0, expiresInSeconds * 1000 - marginMs) };
          return token;
        })
        .finally(() => (pending = undefined));
      return pending;
    },
    drop(token) {
      if (current?.token === token) current = undefined;
    },
  };
}
