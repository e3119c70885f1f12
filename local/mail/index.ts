/** Local mail capture (hosted: a real SMTP provider): SMTP in, a web inbox and JSON API out. */
import { KiB } from '../http/body-limit.ts';
import { serve } from '../http/serve.ts';
import { createInboxHandler } from './inbox-web.ts';
import { createMessageStore, type CapturedMessage } from './message-store.ts';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.ts';

export type { CapturedMessage } from './message-store.ts';

export interface MailCaptureOptions {
  /** 0 picks a free port (tests). */
  smtpPort: number;
  webPort: number;
  /** Loopback by default: the capture accepts mail from anyone who can reach it. */
  host?: string;
  /** How many messages to keep; older ones are dropped. */
  limit?: number;
}

export interface MailCapture {
  smtpPort: number;
  webPort: number;
  webUrl: string;
  messages(): CapturedMessage[];
  clear(): void;
  /** Closes the SMTP port only (the inbox stays up): senders see "connection refused", as when a provider is down. */
  stopSmtp(): Promise<void>;
  /** Listens on the same SMTP port again. */
  startSmtp(): Promise<void>;
  stop(): Promise<void>;
}

export async function startMailCapture(options: MailCaptureOptions): Promise<MailCapture> {
  const host = options.host ?? '127.0.0.1';
  const store = createMessageStore(options.limit ?? 500);
  const receive = (port: number) =>
    startSmtpReceiver({ port, host, onMessage: (m, contents) => store.add(m, contents) });
  let smtp: SmtpReceiver | undefined = await receive(options.smtpPort);
  const smtpPort = smtp.port;
  const web = await serve(createInboxHandler(store), {
    port: options.webPort,
    host,
    service: 'mail capture inbox',
    // The inbox takes no bodies worth the name (it reads and deletes).
    maxBodyBytes: 64 * KiB,
  }).catch(async (error: unknown) => {
    await smtp?.stop();
    throw error;
  });
  return {
    smtpPort,
    webPort: web.port,
    webUrl: web.url,
    messages: () => store.list(),
    clear: () => store.clear(),
    stopSmtp: async () => {
      const running = smtp;
      smtp = undefined;
      await running?.stop();
    },
    startSmtp: async () => {
      smtp ??= await receive(smtpPort);
    },
    stop: async () => {
      await Promise.all([smtp?.stop(), web.close()]);
    },
  };
}
