/** The eTIMS stand-in over HTTP: headers, schemas, result codes, idempotent sales and the switches. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEtims, type RunningEtims } from './index.ts';

const device = { tin: 'P051234567X', bhfId: '00', dvcSrlNo: 'ascent-local-1', taxprNm: 'Ascent Institute' };
let etims: RunningEtims;

beforeAll(async () => {
  etims = await startEtims({ port: 0, device });
});
afterAll(async () => {
  await etims?.stop();
});

interface Reply {
  resultCd: string;
  resultMsg: string;
  resultDt: string;
  data: Record<string, unknown> | null;
}

async function post(route: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(`${etims.apiUrl}/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Reply;
}

const deviceHeaders = () => ({ tin: device.tin, bhfId: device.bhfId, cmcKey: etims.cmcKey });

const item = (itemCd: string, taxTyCd: string) => ({
  itemClsCd: '8611150000',
  itemCd,
  itemTyCd: '3',
  itemNm: `Programme ${itemCd}`,
  orgnNatCd: 'KE',
  pkgUnitCd: 'NT',
  qtyUnitCd: 'U',
  taxTyCd,
  dftPrc: 11600,
  isrcAplcbYn: 'N',
  useYn: 'Y',
  regrId: 'ascent',
  regrNm: 'Ascent',
  modrId: 'ascent',
  modrNm: 'Ascent',
});

const zeroes = (field: string) => Object.fromEntries(['A', 'B', 'C', 'D', 'E'].map((c) => [`${field}${c}`, 0]));

/** One standard-rated line of KES 11,600 (VAT 1,600.00) and one exempt line of KES 5,000. */
function sale(invcNo: number, overrides: Record<string, unknown> = {}) {
  return {
    trdInvcNo: `TI-${invcNo}`,
    invcNo,
    orgInvcNo: 0,
    custTin: 'P051111111A',
    custNm: 'Acme Kenya Ltd',
    salesTyCd: 'N',
    rcptTyCd: 'S',
    pmtTyCd: '06',
    salesSttsCd: '02',
    cfmDt: '20261128103000',
    salesDt: '20261128',
    totItemCnt: 2,
    ...zeroes('taxblAmt'),
    ...zeroes('taxRt'),
    ...zeroes('taxAmt'),
    taxRtB: 16,
    taxRtE: 8,
    taxblAmtA: 5000,
    taxblAmtB: 11600,
    taxAmtB: 1600,
    totTaxblAmt: 16600,
    totTaxAmt: 1600,
    totAmt: 16600,
    prchrAcptcYn: 'N',
    regrId: 'ascent',
    regrNm: 'Ascent',
    modrId: 'ascent',
    modrNm: 'Ascent',
    receipt: { custTin: 'P051111111A', rcptPbctDt: '20261128103000', prchrAcptcYn: 'N' },
    itemList: [
      { itemCd: 'KE3NTU0000001', taxTyCd: 'B', amount: 11600, tax: 1600 },
      { itemCd: 'KE3NTU0000002', taxTyCd: 'A', amount: 5000, tax: 0 },
    ].map((line, index) => ({
      itemSeq: index + 1,
      itemCd: line.itemCd,
      itemNm: `Programme ${line.itemCd}`,
      pkgUnitCd: 'NT',
      pkg: 1,
      qtyUnitCd: 'U',
      qty: 1,
      prc: line.amount,
      splyAmt: line.amount,
      dcRt: 0,
      dcAmt: 0,
      taxTyCd: line.taxTyCd,
      taxblAmt: line.amount,
      taxAmt: line.tax,
      totAmt: line.amount,
    })),
    ...overrides,
  };
}

describe('initialisation and headers', () => {
  it('hands the registered device its communication key, and refuses another device (901)', async () => {
    const ok = await post('selectInitOsdcInfo', { tin: device.tin, bhfId: '00', dvcSrlNo: device.dvcSrlNo });
    expect(ok.resultCd).toBe('000');
    expect(ok.resultDt).toMatch(/^\d{14}$/);
    expect(ok.data?.info).toMatchObject({ tin: device.tin, cmcKey: etims.cmcKey, sdcId: expect.any(String) });
    const other = await post('selectInitOsdcInfo', { tin: device.tin, bhfId: '00', dvcSrlNo: 'someone-else' });
    expect(other).toMatchObject({ resultCd: '901', resultMsg: 'It is not valid device', data: null });
  });

  it('names the field a request gets wrong (910) and an empty body (911)', async () => {
    const bad = await post('selectInitOsdcInfo', { tin: 'P05', bhfId: '00', dvcSrlNo: 'x' });
    expect(bad.resultCd).toBe('910');
    expect(bad.resultMsg).toMatch(/^Request parameter error: tin: a KRA PIN/);
    const response = await fetch(`${etims.apiUrl}/selectInitOsdcInfo`, { method: 'POST' });
    expect(((await response.json()) as Reply).resultCd).toBe('911');
  });

  it('wants tin, bhfId and cmcKey after initialisation (900), and the right ones (901)', async () => {
    expect((await post('selectCodeList', { lastReqDt: '20200101000000' })).resultCd).toBe('900');
    const wrongKey = await post('selectCodeList', { lastReqDt: '20200101000000' }, { ...deviceHeaders(), cmcKey: 'x' });
    expect(wrongKey.resultCd).toBe('901');
  });
});

describe('code lists and items', () => {
  it('lists the taxation types with their rates, and nothing newer than the last request (001)', async () => {
    const codes = await post('selectCodeList', { lastReqDt: '20200101000000' }, deviceHeaders());
    expect(codes.resultCd).toBe('000');
    const [taxTypes] = (codes.data as { clsList: Array<{ cdCls: string; dtlList: Array<Record<string, unknown>> }> })
      .clsList;
    expect(taxTypes?.cdCls).toBe('04');
    expect(taxTypes?.dtlList.map((d) => [d.cd, d.userDfnCd1])).toEqual([
      ['A', '0'],
      ['B', '16'],
      ['C', '0'],
      ['D', '0'],
      ['E', '8'],
    ]);
    const none = await post('selectCodeList', { lastReqDt: '20261128000000' }, deviceHeaders());
    expect(none.resultCd).toBe('001');
  });

  it('registers items, checking each documented field', async () => {
    for (const [code, tax] of [
      ['KE3NTU0000001', 'B'],
      ['KE3NTU0000002', 'A'],
    ] as const)
      expect((await post('saveItem', item(code, tax), deviceHeaders())).resultCd).toBe('000');
    const tooLong = await post(
      'saveItem',
      { ...item('KE3NTU0000003', 'B'), itemClsCd: '12345678901' },
      deviceHeaders(),
    );
    expect(tooLong.resultCd).toBe('910');
    expect(tooLong.resultMsg).toContain('itemClsCd');
    const { modrNm: _, ...missing } = item('KE3NTU0000003', 'B');
    expect((await post('saveItem', missing, deviceHeaders())).resultMsg).toContain('modrNm');
  });
});

describe('sales', () => {
  it('registers a sale once: the same sale resent gets the same signature, another under its number 994', async () => {
    const before = etims.counters.salesRegistered;
    const first = await post('saveTrnsSalesOsdc', sale(1001), deviceHeaders());
    expect(first.resultCd).toBe('000');
    expect(first.data).toMatchObject({
      rcptNo: expect.any(Number),
      totRcptNo: expect.any(Number),
      intrlData: expect.stringMatching(/^[A-Z2-7]{26}$/),
      rcptSign: expect.stringMatching(/^[A-Z2-7]{16}$/),
      vsdcRcptPbctDate: expect.stringMatching(/^\d{14}$/),
      sdcId: expect.any(String),
      mrcNo: expect.any(String),
    });
    const again = await post('saveTrnsSalesOsdc', sale(1001), deviceHeaders());
    expect(again).toMatchObject({ resultCd: '000', data: first.data });
    const other = await post('saveTrnsSalesOsdc', sale(1001, { custNm: 'Someone Else Ltd' }), deviceHeaders());
    expect(other.resultCd).toBe('994');
    expect(etims.counters.salesRegistered).toBe(before + 1);
  });

  it('refuses a sale whose tax does not add up, naming the field (910)', async () => {
    const wrongTax = sale(1002);
    wrongTax.itemList[0]!.taxAmt = 1856; // 16 % added on top, not the 16/116 inside the price
    const reply = await post('saveTrnsSalesOsdc', wrongTax, deviceHeaders());
    expect(reply.resultCd).toBe('910');
    expect(reply.resultMsg).toContain('itemList.0.taxAmt');
    const wrongRate = await post('saveTrnsSalesOsdc', sale(1002, { taxRtB: 18 }), deviceHeaders());
    expect(wrongRate.resultMsg).toContain('taxRtB');
    const unregistered = sale(1002);
    unregistered.itemList[1]!.itemCd = 'KE3NTU0000999';
    expect((await post('saveTrnsSalesOsdc', unregistered, deviceHeaders())).resultMsg).toContain('not registered');
  });

  it('takes a credit note only for a registered sale, with its reason', async () => {
    const note = (orgInvcNo: number) =>
      sale(1003, { rcptTyCd: 'R', orgInvcNo, rfdRsnCd: '06', salesSttsCd: '05', rfdDt: '20261128113000' });
    expect((await post('saveTrnsSalesOsdc', note(999_999), deviceHeaders())).resultMsg).toContain('orgInvcNo');
    const registered = await post('saveTrnsSalesOsdc', note(1001), deviceHeaders());
    expect(registered).toMatchObject({ resultCd: '000', data: { rcptNo: 1 } });
  });
});

describe('test switches', () => {
  it('answers 503 while unavailable and a result code while refusing, and recovers', async () => {
    try {
      etims.setMode({ mode: 'unavailable' });
      const response = await fetch(`${etims.apiUrl}/selectCodeList`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(503);
      const viaHttp = await fetch(`${etims.url}/local/switch`, {
        method: 'POST',
        body: JSON.stringify({ mode: 'refusing', resultCd: '901' }),
      });
      expect(viaHttp.status).toBe(200);
      expect((await post('selectCodeList', { lastReqDt: '20200101000000' }, deviceHeaders())).resultCd).toBe('901');
    } finally {
      etims.setMode({ mode: 'up' });
    }
    expect((await post('selectCodeList', { lastReqDt: '20200101000000' }, deviceHeaders())).resultCd).toBe('000');
  });

  it('when slow, registers the sale before the client gives up on the answer', async () => {
    const before = etims.counters.salesRegistered;
    etims.setMode({ mode: 'slow', delayMs: 60_000 });
    try {
      const client = new AbortController();
      const gaveUp = fetch(`${etims.apiUrl}/saveTrnsSalesOsdc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...deviceHeaders() },
        body: JSON.stringify(sale(1004)),
        signal: client.signal,
      });
      await expect.poll(() => etims.counters.salesRegistered, { timeout: 20_000 }).toBe(before + 1);
      client.abort(new Error('the client gave up waiting'));
      await expect(gaveUp).rejects.toThrow('gave up');
    } finally {
      etims.setMode({ mode: 'up' });
    }
  });

  it('refuses connections while down, and serves the same port once up', async () => {
    await etims.down();
    try {
      await expect(fetch(`${etims.url}/local/counters`)).rejects.toThrow();
    } finally {
      await etims.up();
    }
    expect((await fetch(`${etims.url}/local/counters`)).status).toBe(200);
  });
});
