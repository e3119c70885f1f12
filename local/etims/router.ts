/**
 * The OSCU routes on Hono: selectInitOsdcInfo, selectCodeList, saveItem, saveTrnsSalesOsdc, below
 * /etims-api as on KRA's hosts, plus the stand-in's own /local/counters and /local/switch. Every
 * eTIMS route is a POST of JSON; after initialisation it needs the headers tin, bhfId and cmcKey.
 */
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { codeList } from './codes.ts';
import type { ControlUnit } from './control-unit.ts';
import { reply, resultCodes, type ResultName } from './results.ts';
import { saleProblem } from './sale-checks.ts';
import { codeListRequest, firstProblem, initRequest, itemRequest, saleRequest } from './schemas.ts';
import { switchRequest, type Mode } from './switches.ts';

export const API_BASE_PATH = '/etims-api';

export interface RouterOptions {
  unit: ControlUnit;
  now: () => Date;
  mode: () => Mode;
  setMode(mode: Mode): void;
  /** Waits out a slow answer; resolves early when the stand-in stops. */
  wait(ms: number): Promise<void>;
}

export function createEtimsRouter(options: RouterOptions): (request: Request) => Promise<Response> {
  const { unit, now } = options;

  const answer = (result: ResultName, data: unknown = null, detail?: string) => {
    if (result !== 'succeeded' && result !== 'noSearchResult') unit.counters.refused += 1;
    return reply(now(), result, data, detail);
  };

  async function jsonBody(c: Context): Promise<unknown> {
    const text = await c.req.text();
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }

  /** Parses the body against its schema: the reply to send instead, or the data. */
  async function parse<T extends z.ZodType>(
    c: Context,
    schema: T,
  ): Promise<{ data: z.output<T> } | { refusal: Response }> {
    const body = await jsonBody(c);
    if (body === undefined) return { refusal: answer('noRequestText') };
    if (body === null) return { refusal: answer('parameterError', null, 'the body is not JSON') };
    const parsed = schema.safeParse(body);
    return parsed.success
      ? { data: parsed.data }
      : { refusal: answer('parameterError', null, firstProblem(parsed.error)) };
  }

  /** The device headers every route but initialisation needs. */
  function deviceRefusal(c: Context): Response | null {
    const tin = c.req.header('tin');
    const bhfId = c.req.header('bhfId');
    const cmcKey = c.req.header('cmcKey');
    if (!tin || !bhfId || !cmcKey) return answer('noHeader', null, 'tin, bhfId and cmcKey are required');
    if (tin !== unit.device.tin || bhfId !== unit.device.bhfId || cmcKey !== unit.cmcKey)
      return answer('invalidDevice');
    return null;
  }

  const api = new Hono();
  api.post('/selectInitOsdcInfo', async (c) => {
    const parsed = await parse(c, initRequest);
    if ('refusal' in parsed) return parsed.refusal;
    const { tin, bhfId, dvcSrlNo } = parsed.data;
    if (tin !== unit.device.tin || bhfId !== unit.device.bhfId || dvcSrlNo !== unit.device.dvcSrlNo)
      return answer('invalidDevice');
    return answer('succeeded', unit.initialise());
  });
  api.post('/selectCodeList', async (c) => {
    const refusal = deviceRefusal(c);
    if (refusal) return refusal;
    const parsed = await parse(c, codeListRequest);
    if ('refusal' in parsed) return parsed.refusal;
    unit.counters.codeListReads += 1;
    const codes = codeList(parsed.data.lastReqDt);
    return codes ? answer('succeeded', codes) : answer('noSearchResult');
  });
  api.post('/saveItem', async (c) => {
    const refusal = deviceRefusal(c);
    if (refusal) return refusal;
    const parsed = await parse(c, itemRequest);
    if ('refusal' in parsed) return parsed.refusal;
    unit.saveItem(parsed.data.itemCd, parsed.data.taxTyCd);
    return answer('succeeded');
  });
  api.post('/saveTrnsSalesOsdc', async (c) => {
    const refusal = deviceRefusal(c);
    if (refusal) return refusal;
    const parsed = await parse(c, saleRequest);
    if ('refusal' in parsed) return parsed.refusal;
    const problem = saleProblem(parsed.data, unit);
    if (problem) return answer('parameterError', null, problem);
    const registered = unit.registerSale(parsed.data);
    if ('overlapped' in registered)
      return answer('overlappedData', null, `invoice ${parsed.data.invcNo} is registered with other content`);
    return answer('succeeded', registered.data);
  });
  api.all('*', () => answer('methodError'));

  const app = new Hono();
  // The switches apply to eTIMS's routes only: the test's own routes keep answering.
  app.use(`${API_BASE_PATH}/*`, async (c, next) => {
    const mode = options.mode();
    if (mode.mode === 'unavailable')
      return new Response('Service Unavailable', { status: 503, headers: { 'retry-after': '5' } });
    if (mode.mode === 'refusing') {
      const name = (Object.keys(resultCodes) as ResultName[]).find((key) => resultCodes[key].code === mode.resultCd);
      return answer(name ?? 'unknownError');
    }
    await next();
    if (mode.mode === 'slow') await options.wait(mode.delayMs);
  });
  app.route(API_BASE_PATH, api);
  app.get('/local/counters', (c) => c.json(unit.counters));
  app.post('/local/switch', async (c) => {
    const parsed = switchRequest.safeParse(await jsonBody(c));
    if (!parsed.success) return c.json({ error: firstProblem(parsed.error) }, 400);
    options.setMode(parsed.data);
    return c.json(parsed.data);
  });
  app.notFound((c) => c.json({ error: `No route ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  return async (request) => app.fetch(request);
}
