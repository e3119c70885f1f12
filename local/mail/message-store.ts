/** Keeps the most recent captured e-mails in memory, newest first, with stable ids. */

export interface CapturedMessage {
  /** Sequential id, unique for the life of the capture. */
  id: string;
  receivedAt: string;
  /** SMTP envelope: who the client said it was sending from and to (Bcc recipients show here only). */
  envelope: { from: string | null; to: string[] };
  /** The From header as written, e.g. `Ascent <no-reply@ascent.example>`. */
  from: string;
  /** Addresses from the To and Cc headers. */
  to: string[];
  cc: string[];
  subject: string;
  /** The Date header (ISO), if the message had a valid one. */
  date: string | null;
  messageId: string | null;
  text: string;
  html: string | null;
  /** Header fields by lower-case name (the last one of a repeated field), e.g. list-unsubscribe. */
  headers: Record<string, string>;
  /** Files attached to the message: names, types and sizes; the content only of small text files (calendars). */
  attachments: Array<{ filename: string | null; contentType: string; size: number; text: string | null }>;
  size: number;
}

export type NewMessage = Omit<CapturedMessage, 'id' | 'receivedAt'>;

export interface MessageStore {
  /** `contents`: the attachments' bytes, in order (served by the inbox's API, not listed in JSON). */
  add(message: NewMessage, contents?: Uint8Array[]): CapturedMessage;
  /** The bytes of a message's attachment, by its place in `attachments`. */
  attachment(id: string, index: number): Uint8Array | undefined;
  list(): CapturedMessage[];
  get(id: string): CapturedMessage | undefined;
  clear(): void;
}

export function createMessageStore(limit: number): MessageStore {
  // Oldest first internally; a bounded list keeps a long-running dev stack from growing forever.
  let messages: CapturedMessage[] = [];
  const contentsById = new Map<string, Uint8Array[]>();
  let nextId = 1;
  return {
    add(message, contents = []) {
      const stored: CapturedMessage = { id: String(nextId++), receivedAt: new Date().toISOString(), ...message };
      messages.push(stored);
      contentsById.set(stored.id, contents);
      if (messages.length > limit) {
        for (const dropped of messages.slice(0, messages.length - limit)) contentsById.delete(dropped.id);
        messages = messages.slice(messages.length - limit);
      }
      return stored;
    },
    attachment: (id, index) => contentsById.get(id)?.[index],
    list: () => [...messages].reverse(),
    get: (id) => messages.find((m) => m.id === id),
    clear() {
      messages = [];
      contentsById.clear();
    },
  };
}
