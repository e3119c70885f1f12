/**
 * The soak's visitors: each client connects from a loopback address of its own (127.x.y.z: to the
 * gateway and the website a different client IP, as different visitors are) and, until the
 * deadline, does one thing after another from a realistic mix: CMS pages, the site search (the
 * call the browser's dialog makes), program pages, and the writes browsers make (newsletter
 * sign-up through its function, submit_enquiry, create_order), each write with addresses of its own.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Agent } from 'undici';
import type { Database } from '../../supabase/database.types.ts';
import type { Ledger, Outcome, Tally } from './tally.ts';

export interface Targets {
  webUrl: string;
  apiUrl: string;
  anonKey: string;
  /** CMS pages and app screens to visit. */
  pages: readonly string[];
  /** /training/<slug> of published programs. */
  programPaths: readonly string[];
  /** The program the soak's orders buy (made by the soak: no intakes, so seats never run out). */
  orderProgramId: string;
  /** Marks every address the soak writes, for counting rows afterwards. */
  runTag: string;
}

/** The mix, in parts per hundred. */
export const MIX = { page: 55, search: 15, program: 12, newsletter: 6, enquiry: 6, order: 6 } as const;
type Action = keyof typeof MIX;

/** The live lists' error text (blocks/*-list.tsx, stats.tsx): a page rendered without its rows. */
const DEGRADED_TEXT = 'We couldn’t load';
const SEARCH_TERMS = ['lead', 'finance', 'governance', 'digital', 'risk', 'team', 'agri', 'hr', 'board', 'zzz'];
const REQUEST_TIMEOUT_MS = 30_000;

export interface Visitor {
  address: string;
  dispatcher: Agent;
  supabase: SupabaseClient<Database>;
  close(): Promise<void>;
}

/** Client `index`'s own loopback address: 127.(100 + index / 250).(index % 250).(1..254). */
export function visitorAddress(index: number, salt: number): string {
  return `127.${100 + Math.floor(index / 250)}.${index % 250}.${1 + (salt % 254)}`;
}

export function createVisitor(targets: Targets, address: string): Visitor {
  const dispatcher = new Agent({ localAddress: address });
  const viaAddress: typeof fetch = (input, init) => fetch(input, { ...init, dispatcher } as RequestInit);
  const supabase = createClient<Database>(targets.apiUrl, targets.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // What happened to each request is the measurement: no automatic retries.
    db: { retry: false },
    global: { fetch: viaAddress },
  });
  return { address, dispatcher, supabase, close: () => dispatcher.close() };
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

function pickAction(): Action {
  let roll = Math.random() * 100;
  for (const [action, share] of Object.entries(MIX) as Array<[Action, number]>) {
    roll -= share;
    if (roll < 0) return action;
  }
  return 'page';
}

function failureOutcome(error: unknown): Outcome {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    ? 'timeout'
    : 'network error';
}

/** GETs a page of the website and reads it whole. */
export async function getPage(visitor: Visitor, url: string) {
  const began = performance.now();
  try {
    const response = await fetch(url, {
      dispatcher: visitor.dispatcher,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    } as RequestInit);
    const body = await response.text();
    const retryAfter = response.headers.get('retry-after');
    const friendly = response.status === 503 && retryAfter !== null && /try again/i.test(body);
    return {
      outcome: (friendly ? '503 page' : response.status) as Outcome,
      ms: performance.now() - began,
      degraded: response.status === 200 && body.includes(DEGRADED_TEXT),
      body,
      retryAfter,
    };
  } catch (error) {
    return {
      outcome: failureOutcome(error),
      ms: performance.now() - began,
      degraded: false,
      body: '',
      retryAfter: null,
    };
  }
}

async function page(visitor: Visitor, targets: Targets, tally: Tally, kind: 'page' | 'program') {
  const path = kind === 'page' ? pick(targets.pages) : pick(targets.programPaths);
  const result = await getPage(visitor, `${targets.webUrl}${path}`);
  tally.record(kind, result.outcome, result.ms, result.degraded);
}

async function search(visitor: Visitor, tally: Tally) {
  const term = pick(SEARCH_TERMS);
  const began = performance.now();
  const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  // The dialog's one call (web/app/features/search/search-catalogue.ts).
  const read = await visitor.supabase.rpc('search_catalogue', { query: term, per_group: 20 }).abortSignal(signal);
  tally.record('search', read.status === 0 ? 'network error' : read.status, performance.now() - began);
}

/** Records a write's answer: acknowledged (the visitor was told it worked) or the message shown instead. */
function settleWrite(
  tally: Tally,
  ledger: Ledger,
  kind: string,
  key: string,
  began: number,
  answer: { status: number; ok: boolean; message: string },
) {
  tally.record(kind, answer.status === 0 ? 'network error' : answer.status, performance.now() - began);
  if (answer.ok) ledger.acknowledge(kind, key);
  else ledger.fail(kind, `${answer.status}: ${answer.message}`);
}

async function newsletter(visitor: Visitor, targets: Targets, tally: Tally, ledger: Ledger) {
  const email = `soak-${targets.runTag}-news-${randomUUID()}@example.com`;
  ledger.attempt('newsletter', email);
  const began = performance.now();
  try {
    const response = await fetch(`${targets.apiUrl}/functions/v1/send-newsletter-subscription-email`, {
      method: 'POST',
      headers: {
        apikey: targets.anonKey,
        authorization: `Bearer ${targets.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email }),
      dispatcher: visitor.dispatcher,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    } as RequestInit);
    const text = await response.text();
    let reply: { success?: unknown; message?: unknown } = {};
    try {
      reply = JSON.parse(text) as typeof reply;
    } catch {
      // Not JSON: the message is the text itself.
    }
    settleWrite(tally, ledger, 'newsletter', email, began, {
      status: response.status,
      ok: response.status === 200 && reply.success === true,
      message: typeof reply.message === 'string' ? reply.message : text.slice(0, 120),
    });
  } catch (error) {
    tally.record('newsletter', failureOutcome(error), performance.now() - began);
    ledger.fail('newsletter', `no answer: ${failureOutcome(error)}`);
  }
}

async function enquiry(visitor: Visitor, targets: Targets, tally: Tally, ledger: Ledger) {
  const email = `soak-${targets.runTag}-enq-${randomUUID()}@example.com`;
  ledger.attempt('enquiry', email);
  const began = performance.now();
  const { error, status } = await visitor.supabase
    .rpc('submit_enquiry', {
      name: 'Soak Visitor',
      email,
      phone: '0712 345 678',
      organisation: 'Load Test Ltd',
      topic: 'training',
      message: `We would like in-house training for our team. ${randomUUID()}`,
      consent: true,
      website: '',
    })
    .abortSignal(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
  settleWrite(tally, ledger, 'enquiry', email, began, { status, ok: !error, message: error?.message ?? '' });
}

async function order(visitor: Visitor, targets: Targets, tally: Tally, ledger: Ledger) {
  const key = randomUUID();
  ledger.attempt('order', key);
  const began = performance.now();
  const { data, error, status } = await visitor.supabase
    .rpc('create_order', {
      idempotency_key: key,
      buyer_name: 'Soak Buyer',
      buyer_email: `soak-${targets.runTag}-order-${key}@example.com`,
      buyer_phone: '0712 345 678',
      payment_method: 'invoice',
      accepted_terms: true,
      items: [
        {
          program_id: targets.orderProgramId,
          intake_id: null,
          quantity: 1,
          participants: [{ name: 'Soak Participant', email: null }],
        },
      ],
    })
    .abortSignal(AbortSignal.timeout(REQUEST_TIMEOUT_MS))
    .single();
  settleWrite(tally, ledger, 'order', key, began, {
    status,
    ok: !error && typeof data?.reference === 'string',
    message: error?.message ?? '',
  });
}

/** One visitor action, counted in `tally` (and its writes in `ledger`). */
export async function act(action: Action, visitor: Visitor, targets: Targets, tally: Tally, ledger: Ledger) {
  switch (action) {
    case 'page':
    case 'program':
      return page(visitor, targets, tally, action);
    case 'search':
      return search(visitor, tally);
    case 'newsletter':
      return newsletter(visitor, targets, tally, ledger);
    case 'enquiry':
      return enquiry(visitor, targets, tally, ledger);
    case 'order':
      return order(visitor, targets, tally, ledger);
  }
}

/** `visitors.length` clients, each doing one thing after another until `until` (ms, performance.now()). */
export async function runLoad(options: {
  visitors: readonly Visitor[];
  targets: Targets;
  until: () => boolean;
  /** Where each request is counted (a fault phase moves on from window to window). */
  window: () => { tally: Tally; ledger: Ledger };
}): Promise<void> {
  const { targets } = options;
  await Promise.all(
    options.visitors.map(async (visitor) => {
      while (!options.until()) {
        const { tally, ledger } = options.window();
        await act(pickAction(), visitor, targets, tally, ledger).catch((error: unknown) => {
          tally.record('harness', 'network error', 0);
          ledger.fail('harness', String(error));
        });
      }
    }),
  );
}
