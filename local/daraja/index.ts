/**
 * Local stand-in for Safaricom's Daraja API (M-Pesa Express): OAuth, STK push, STK query and a
 * simulated phone that answers each push and posts the callback. README.md says what it emulates.
 */
import { KiB } from '../http/body-limit.ts';
import { serve } from '../http/serve.ts';
import { createDarajaHandler, type Counters, type DarajaSettings } from './router.ts';
import { createPhones } from './transactions.ts';

export { testNumbers } from './scenarios.ts';

export interface DarajaOptions extends DarajaSettings {
  /** 0 picks a free port (tests). */
  port: number;
  /** How long the simulated phone takes to answer a push (about 2 s, like a person). */
  approveAfterMs?: number;
  log?: (line: string) => void;
}

export interface RunningDaraja {
  url: string;
  port: number;
  counters: Counters;
  stop(): Promise<void>;
}

export async function startDaraja(options: DarajaOptions): Promise<RunningDaraja> {
  const log = options.log ?? (() => {});
  const phones = createPhones({
    approveAfterMs: options.approveAfterMs ?? 2000,
    log: (line) => log(`[daraja] ${line}`),
  });
  const daraja = createDarajaHandler(options, phones);
  // Daraja's requests are a few hundred bytes of JSON.
  const server = await serve((request) => daraja.handle(request), {
    port: options.port,
    service: 'Daraja stand-in',
    maxBodyBytes: 64 * KiB,
  });
  return {
    url: server.url,
    port: server.port,
    counters: daraja.counters,
    async stop() {
      await phones.stop();
      await server.close();
    },
  };
}
