/** The simulated phones' side: pushes in flight, settled after a delay, with the callback posted. */
import { randomBytes, randomInt } from 'node:crypto';
import { outcomeFor, type Outcome } from './scenarios.ts';
import type { PushRequest } from './validate.ts';

export interface Transaction {
  merchantRequestId: string;
  checkoutRequestId: string;
  request: PushRequest;
  outcome: Outcome;
  settled: boolean;
  receipt?: string;
}

/** Daraja's time format, Nairobi time (UTC+3, no daylight saving): 20261124103015. */
export function nairobiStamp(date = new Date()): string {
  return new Date(date.getTime() + 3 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
function receiptNumber(): string {
  return Array.from(randomBytes(10), (b, i) => (i < 3 ? letters[b % 26] : letters[b % 36])).join('');
}

/** The success and failure callback bodies, as Daraja posts them to CallBackURL. */
export function callbackBody(t: Transaction): unknown {
  const stkCallback: Record<string, unknown> = {
    MerchantRequestID: t.merchantRequestId,
    CheckoutRequestID: t.checkoutRequestId,
    ResultCode: t.outcome.resultCode,
    ResultDesc: t.outcome.resultDesc,
  };
  if (t.outcome.resultCode === 0) {
    stkCallback.CallbackMetadata = {
      Item: [
        { Name: 'Amount', Value: t.request.amount },
        { Name: 'MpesaReceiptNumber', Value: t.receipt },
        { Name: 'Balance' },
        { Name: 'TransactionDate', Value: Number(nairobiStamp()) },
        { Name: 'PhoneNumber', Value: Number(t.request.phone) },
      ],
    };
  }
  return { Body: { stkCallback } };
}

export interface Phones {
  /** Undefined when the phone is still busy with an earlier push (Daraja refuses the second). */
  push(request: PushRequest): Transaction | undefined;
  find(checkoutRequestId: string): Transaction | undefined;
  /** Resolves once every timer has fired and every callback has been answered or has failed. */
  stop(): Promise<void>;
}

export function createPhones(options: { approveAfterMs: number; log: (line: string) => void }): Phones {
  const all = new Map<string, Transaction>();
  const timers = new Set<NodeJS.Timeout>();
  const posting = new Set<Promise<void>>();

  async function postCallback(t: Transaction): Promise<void> {
    try {
      const response = await fetch(t.request.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(callbackBody(t)),
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
      if (!response.ok) options.log(`callback for ${t.checkoutRequestId} answered ${response.status}`);
    } catch (error) {
      options.log(`callback for ${t.checkoutRequestId} failed: ${String(error)}`);
    }
  }

  function settle(t: Transaction): void {
    t.settled = true;
    if (t.outcome.resultCode === 0) t.receipt = receiptNumber();
    if (!t.outcome.callsBack) return;
    const sending = postCallback(t).finally(() => posting.delete(sending));
    posting.add(sending);
  }

  return {
    push(request) {
      for (const t of all.values()) if (!t.settled && t.request.phone === request.phone) return undefined;
      const n = randomInt(10_000, 99_999);
      const t: Transaction = {
        merchantRequestId: `${n}-${randomInt(1e7, 1e8)}-1`,
        checkoutRequestId: `ws_CO_${nairobiStamp().slice(2)}${randomInt(1e9, 1e10)}`,
        request,
        outcome: outcomeFor(request.phone),
        settled: false,
      };
      all.set(t.checkoutRequestId, t);
      const timer = setTimeout(() => {
        timers.delete(timer);
        settle(t);
      }, options.approveAfterMs);
      timers.add(timer);
      return t;
    },
    find: (id) => all.get(id),
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(posting);
    },
  };
}
