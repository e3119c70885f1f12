/**
 * The one way tests read the mail the stack sent: the local capture's JSON API
 * (`stack.mailApiUrl`, local/mail), which lists messages newest first. Integration and e2e tests
 * filter through here and wait in their own way (vi.waitFor, expect.poll) for what they expect.
 */
import type { CapturedMessage } from '../../local/mail/index.ts';

export type { CapturedMessage };

export interface MailQuery {
  /** An address among the To/Cc recipients (any letter case), or a test of each address. */
  to?: string | ((address: string) => boolean);
  /** The exact subject. */
  subject?: string;
  /** Oldest first (the capture lists newest first). */
  oldestFirst?: boolean;
}

function sentTo(message: CapturedMessage, to: MailQuery['to']): boolean {
  if (to === undefined) return true;
  if (typeof to === 'function') return message.to.some(to);
  return message.to.some((address) => address.toLowerCase() === to.toLowerCase());
}

/** The captured messages that match `query`, newest first unless asked otherwise. */
export async function capturedMail(mailApiUrl: string, query: MailQuery = {}): Promise<CapturedMessage[]> {
  const response = await fetch(mailApiUrl);
  if (response.status !== 200) throw new Error(`the mail capture answered ${response.status}`);
  const messages = ((await response.json()) as CapturedMessage[]).filter(
    (message) => sentTo(message, query.to) && (query.subject === undefined || message.subject === query.subject),
  );
  return query.oldestFirst ? messages.reverse() : messages;
}

/** The bytes of a captured message's attachment (e.g. a PDF), by its place in `attachments`. */
export async function capturedAttachment(mailApiUrl: string, messageId: string, index: number): Promise<Uint8Array> {
  const response = await fetch(`${mailApiUrl}/${encodeURIComponent(messageId)}/attachments/${index}`);
  if (response.status !== 200) throw new Error(`the mail capture answered ${response.status} for the attachment`);
  return new Uint8Array(await response.arrayBuffer());
}
