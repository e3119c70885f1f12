/**
 * Calls KRA's eTIMS OSCU API (or the local stand-in: same routes, another host): device
 * initialisation, code lists, item registration, sales and credit notes. The host and the device
 * come from configuration only (settings.ts). Every failure is an EtimsError in words that says
 * whether trying again later can help; registering the same invoice again is safe (eTIMS answers
 * a resent invoice with its first registration), so a queue retries by calling again.
 */
import { z } from 'zod';
import type { ItemRequest, SaleRequest } from './requests.ts';
import { etimsDateTime } from './time.ts';

export interface EtimsConfig {
  /** KRA's sandbox https://etims-api-sbx.kra.go.ke/etims-api, production, or the stand-in. */
  apiUrl: string;
  /** The seller's KRA PIN, its branch (00 the head office) and the OSCU device's serial number. */
  tin: string;
  bhfId: string;
  deviceSerial: string;
  /** The communication key from an earlier initialisation; fetched once when absent. */
  cmcKey?: string;
  /** How long one call may take before it counts as failed (and may be retried). */
  timeoutMs?: number;
}

export type EtimsFailure =
  /** No connection, a 5xx or no answer in time: try again later. */
  | 'unavailable'
  /** eTIMS answered with a result code that another attempt will not change. */
  | 'refused'
  /** The invoice number is registered with other content: a person must look. */
  | 'conflict';

export class EtimsError extends Error {
  readonly failure: EtimsFailure;
  /** eTIMS's result code, when it answered with one. */
  readonly resultCd: string | null;
  constructor(failure: EtimsFailure, message: string, resultCd: string | null = null) {
    super(message);
    this.name = 'EtimsError';
    this.failure = failure;
    this.resultCd = resultCd;
  }
  get retryable(): boolean {
    return this.failure === 'unavailable';
  }
}

const envelope = z.object({
  resultCd: z.string(),
  resultMsg: z.string(),
  resultDt: z.string().optional(),
  data: z.unknown().optional(),
});
const initData = z.object({ info: z.object({ cmcKey: z.string().min(1), sdcId: z.string(), mrcNo: z.string() }) });
const codeListData = z.object({
  clsList: z.array(
    z.object({
      cdCls: z.string(),
      cdClsNm: z.string(),
      dtlList: z.array(z.object({ cd: z.string(), cdNm: z.string(), userDfnCd1: z.string().nullish() })),
    }),
  ),
});
/** What the control unit returns for a registered sale, as printed on the tax invoice. */
const controlUnitData = z.object({
  rcptNo: z.coerce.number().int(),
  totRcptNo: z.coerce.number().int(),
  intrlData: z.string().min(1),
  rcptSign: z.string().min(1),
  vsdcRcptPbctDate: z.string().optional(),
  sdcDateTime: z.string().optional(),
  sdcId: z.string().optional(),
  mrcNo: z.string().optional(),
});

export type ControlUnitData = z.infer<typeof controlUnitData>;
export type CodeList = z.infer<typeof codeListData>['clsList'];

/** Result codes eTIMS documents as its own trouble (999) or a momentary state: worth another try. */
const TRANSIENT_RESULT_CODES = new Set(['896', '999']);
const DUPLICATE_RESULT_CODE = '994';

export interface EtimsClient {
  /** selectInitOsdcInfo: the device's communication key (kept for later calls). */
  initialise(): Promise<{ cmcKey: string; sdcId: string; mrcNo: string }>;
  /** selectCodeList: codes changed after `since`; an empty list when there are none. */
  codeList(since: Date): Promise<CodeList>;
  saveItem(item: ItemRequest): Promise<void>;
  /** saveTrnsSalesOsdc for a sale or credit note; the same request again returns the same data. */
  registerSale(sale: SaleRequest): Promise<ControlUnitData>;
}

export function createEtimsClient(config: EtimsConfig, fetchImpl: typeof fetch = fetch): EtimsClient {
  const base = config.apiUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 30_000;
  let cmcKey = config.cmcKey;

  async function call(route: string, body: unknown, headers: Record<string, string>) {
    let response: Response;
    try {
      response = await fetchImpl(`${base}/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new EtimsError(
        'unavailable',
        timedOut
          ? `eTIMS did not answer ${route} within ${timeoutMs / 1000} s`
          : `eTIMS could not be reached at ${base} (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500 || response.status === 429)
      throw new EtimsError('unavailable', `eTIMS answered ${route} with HTTP ${response.status}: try again later`);
    let parsed: z.infer<typeof envelope>;
    try {
      parsed = envelope.parse(JSON.parse(text));
    } catch {
      throw new EtimsError('refused', `eTIMS answered ${route} with HTTP ${response.status} and no eTIMS reply`);
    }
    if (parsed.resultCd === '000' || parsed.resultCd === '001') return parsed;
    const words = `eTIMS refused ${route}: ${parsed.resultMsg} (result code ${parsed.resultCd})`;
    if (parsed.resultCd === DUPLICATE_RESULT_CODE) throw new EtimsError('conflict', words, parsed.resultCd);
    throw new EtimsError(
      TRANSIENT_RESULT_CODES.has(parsed.resultCd) ? 'unavailable' : 'refused',
      words,
      parsed.resultCd,
    );
  }

  function data<T extends z.ZodType>(route: string, schema: T, value: unknown): z.output<T> {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new EtimsError('refused', `eTIMS answered ${route} without the data it documents`);
    return parsed.data;
  }

  async function initialise() {
    const reply = await call(
      'selectInitOsdcInfo',
      { tin: config.tin, bhfId: config.bhfId, dvcSrlNo: config.deviceSerial },
      {},
    );
    const { info } = data('selectInitOsdcInfo', initData, reply.data);
    cmcKey = info.cmcKey;
    return { cmcKey: info.cmcKey, sdcId: info.sdcId, mrcNo: info.mrcNo };
  }

  /** One initialisation for concurrent first calls; a failed one is tried again by the next call. */
  let initialising: Promise<string> | undefined;
  async function deviceHeaders(): Promise<Record<string, string>> {
    if (!cmcKey) {
      initialising ??= initialise()
        .then((device) => device.cmcKey)
        .finally(() => (initialising = undefined));
      await initialising;
    }
    return { tin: config.tin, bhfId: config.bhfId, cmcKey: cmcKey! };
  }

  return {
    initialise,
    async codeList(since) {
      const reply = await call('selectCodeList', { lastReqDt: etimsDateTime(since) }, await deviceHeaders());
      return reply.resultCd === '001' ? [] : data('selectCodeList', codeListData, reply.data).clsList;
    },
    async saveItem(item) {
      await call('saveItem', item, await deviceHeaders());
    },
    async registerSale(sale) {
      const reply = await call('saveTrnsSalesOsdc', sale, await deviceHeaders());
      return data('saveTrnsSalesOsdc', controlUnitData, reply.data);
    },
  };
}
