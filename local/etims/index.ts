/**
 * Local stand-in for KRA's eTIMS OSCU API (the online sales control unit a trader's system talks
 * to): device initialisation, code lists, item registration and sales, with test switches for
 * being down, slow and refusing. README.md says what it emulates and what it does not.
 */
import { KiB } from '../http/body-limit.ts';
import { serve, type ServedHandler } from '../http/serve.ts';
import { createControlUnit, type Counters, type Device } from './control-unit.ts';
import { API_BASE_PATH, createEtimsRouter } from './router.ts';
import { switchRequest, type Mode, type ModeInput } from './switches.ts';

export { API_BASE_PATH } from './router.ts';
export type { ControlUnitData, Counters, Device } from './control-unit.ts';

export interface EtimsOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** The one taxpayer, branch and device KRA knows here. */
  device: Device;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface RunningEtims {
  /** The server's origin; eTIMS's routes are below `apiUrl`. */
  url: string;
  /** What the product's ETIMS_API_URL is set to: `${url}/etims-api`, as on KRA's hosts. */
  apiUrl: string;
  port: number;
  counters: Counters;
  /** The cmcKey initialisation hands out (tests that skip initialisation). */
  cmcKey: string;
  setMode(mode: ModeInput): void;
  /** Stops listening: connections are refused until `up()` listens on the same port again. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

export async function startEtims(options: EtimsOptions): Promise<RunningEtims> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const unit = createControlUnit(options.device, now);
  let mode: Mode = { mode: 'up' };
  const pendingWaits = new Set<() => void>();
  const handler = createEtimsRouter({
    unit,
    now,
    mode: () => mode,
    setMode(next) {
      mode = next;
      log(`[etims] mode ${JSON.stringify(next)}`);
    },
    wait: (ms) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          pendingWaits.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        pendingWaits.add(done);
      }),
  });
  // A sale with a thousand lines is well below 1 MiB.
  const listen = (port: number) => serve(handler, { port, service: 'eTIMS stand-in', maxBodyBytes: 1024 * KiB });
  let server: ServedHandler | undefined = await listen(options.port);
  const port = server.port;
  const url = server.url;

  async function close() {
    for (const done of [...pendingWaits]) done();
    await server?.close();
    server = undefined;
  }

  return {
    url,
    apiUrl: `${url}${API_BASE_PATH}`,
    port,
    counters: unit.counters,
    cmcKey: unit.cmcKey,
    setMode(input) {
      mode = switchRequest.parse(input);
    },
    down: close,
    async up() {
      server ??= await listen(port);
    },
    stop: close,
  };
}
