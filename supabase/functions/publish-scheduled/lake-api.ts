/**
 * The three content lake calls the worker makes, over fetch so the same code runs in Deno (hosted)
 * and Node (the local stack): a raw-perspective query, a mutation and an action. A refusal throws a
 * LakeError carrying the lake's status and description.
 */

export interface LakeSettings {
  /** `https://<projectId>.api.sanity.io` hosted; the local lake's `http://127.0.0.1:<port>`. */
  apiHost: string;
  dataset: string;
  apiVersion: string;
  /** A token that may read drafts and publish (an Editor robot token hosted; the lake's per-start token locally). */
  token: string;
}

export class LakeError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'LakeError';
    this.status = status;
  }
}

async function call(lake: LakeSettings, path: string, init: RequestInit = {}): Promise<unknown> {
  const url = new URL(`/v${lake.apiVersion}/data/${path}`, lake.apiHost);
  const response = await fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${lake.token}`, 'content-type': 'application/json' },
    signal: AbortSignal.timeout(30_000),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new LakeError(response.status, describeError(response.status, body));
  return body;
}

/** The lake's own words: `{error: {description}}` (queries, mutations, actions) or `{message}` (platform errors). */
function describeError(status: number, body: unknown): string {
  const record = (body ?? {}) as { error?: { description?: unknown } | string; message?: unknown };
  const description =
    typeof record.error === 'object' && typeof record.error.description === 'string'
      ? record.error.description
      : typeof record.message === 'string'
        ? record.message
        : undefined;
  return `the content lake answered ${status}${description ? `: ${description}` : ''}`;
}

export async function query<T>(lake: LakeSettings, groq: string, params: Record<string, unknown> = {}): Promise<T> {
  const body = (await call(lake, `query/${encodeURIComponent(lake.dataset)}?perspective=raw`, {
    method: 'POST',
    body: JSON.stringify({ query: groq, params }),
  })) as { result: T };
  return body.result;
}

export async function mutate(lake: LakeSettings, mutations: unknown[]): Promise<{ transactionId: string }> {
  return (await call(lake, `mutate/${encodeURIComponent(lake.dataset)}`, {
    method: 'POST',
    body: JSON.stringify({ mutations }),
  })) as { transactionId: string };
}

export async function act(lake: LakeSettings, actions: unknown[]): Promise<{ transactionId: string }> {
  return (await call(lake, `actions/${encodeURIComponent(lake.dataset)}`, {
    method: 'POST',
    body: JSON.stringify({ actions }),
  })) as { transactionId: string };
}
