/**
 * The product's eTIMS client (supabase/functions/_shared/etims) against the eTIMS stand-in: a
 * tax invoice with a standard-rated and an exempt programme registered once however often it is
 * sent, a credit note, and what each failure looks like (down, slow, 503, refusing, a conflict).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KRA_TAX_TYPES } from '../../domain/vat.ts';
import { startEtims, type RunningEtims } from '../../local/etims/index.ts';
import { createEtimsClient, EtimsError, type EtimsClient } from '../../supabase/functions/_shared/etims/client.ts';
import {
  itemRequest,
  saleRequest,
  type CatalogueItem,
  type TaxInvoice,
} from '../../supabase/functions/_shared/etims/requests.ts';

const device = { tin: 'P051234567X', bhfId: '00', dvcSrlNo: 'ascent-test-1', taxprNm: 'Ascent Institute' };
const registrar = { id: 'ascent-system', name: 'Ascent website' };
const standard = KRA_TAX_TYPES.find((c) => c.code === 'B')!;
const exempt = KRA_TAX_TYPES.find((c) => c.code === 'A')!;
const items: CatalogueItem[] = [
  {
    itemCode: 'KE3NTU0000101',
    classificationCode: '8611150000',
    name: 'Data Analysis',
    taxClass: standard,
    price: 65_000,
  },
  { itemCode: 'KE3NTU0000102', classificationCode: '8611150000', name: 'First Aid', taxClass: exempt, price: 45_000 },
];

let etims: RunningEtims;
let client: EtimsClient;
const clientWith = (timeoutMs: number, cmcKey?: string) =>
  createEtimsClient({
    apiUrl: etims.apiUrl,
    tin: device.tin,
    bhfId: device.bhfId,
    deviceSerial: device.dvcSrlNo,
    timeoutMs,
    ...(cmcKey ? { cmcKey } : {}),
  });

beforeAll(async () => {
  etims = await startEtims({ port: 0, device });
  client = clientWith(10_000);
  for (const item of items) await client.saveItem(itemRequest(item, registrar));
});
afterAll(async () => {
  await etims?.stop();
});

function invoice(number: number, overrides: Partial<TaxInvoice> = {}): TaxInvoice {
  return {
    kind: 'sale',
    number,
    printedNumber: `INV-2026-${String(number).padStart(6, '0')}`,
    issuedAt: new Date('2026-11-28T07:30:00Z'),
    buyer: { pin: 'P051111111A', name: 'Acme Kenya Ltd' },
    paymentType: 'mobile_money',
    lines: items.map((item) => ({ ...item, unitPrice: item.price, quantity: item.itemCode.endsWith('1') ? 2 : 1 })),
    ...overrides,
  };
}

/** The EtimsError a promise fails with. */
async function failure(promise: Promise<unknown>): Promise<EtimsError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EtimsError);
  return error as EtimsError;
}

describe('eTIMS client', () => {
  it('initialised the device once, from configuration alone, however many calls came first', async () => {
    const fresh = clientWith(10_000);
    const before = etims.counters.initialisations;
    await Promise.all([1, 2, 3].map(() => fresh.codeList(new Date('2020-01-01T00:00:00Z'))));
    expect(etims.counters.initialisations).toBe(before + 1);
    expect(etims.counters.itemsSaved).toBe(2);
  });

  it('reads the taxation types, whose rates are the ones domain/vat seeds', async () => {
    const classes = await client.codeList(new Date('2020-01-01T00:00:00Z'));
    const taxTypes = classes.find((c) => c.cdCls === '04');
    expect(taxTypes?.dtlList.map((d) => [d.cd, Number(d.userDfnCd1) * 100])).toEqual(
      KRA_TAX_TYPES.map((c) => [c.code, c.rateBasisPoints]),
    );
    expect(await client.codeList(new Date('2026-11-01T00:00:00Z'))).toEqual([]);
  });

  it('registers a tax invoice once, however often it is sent', async () => {
    const before = etims.counters.salesRegistered;
    const request = saleRequest(invoice(1), registrar);
    // 2 × 65,000 standard-rated (VAT 17,931.03) and 45,000 exempt.
    expect(request).toMatchObject({ taxAmtB: 17_931.03, taxblAmtA: 45_000, totTaxAmt: 17_931.03, totAmt: 175_000 });
    const first = await client.registerSale(request);
    expect(first.rcptSign).toMatch(/^[A-Z2-7]{16}$/);
    const again = await client.registerSale(saleRequest(invoice(1), registrar));
    expect(again).toEqual(first);
    expect(etims.counters.salesRegistered).toBe(before + 1);
  });

  it('registers a credit note against its invoice', async () => {
    const note = invoice(2, { kind: 'credit_note', originalNumber: 1, creditNoteReason: '06' });
    const data = await client.registerSale(saleRequest(note, registrar));
    expect(data.intrlData).toMatch(/^[A-Z2-7]{26}$/);
    expect(() => saleRequest(invoice(3, { kind: 'credit_note' }), registrar)).toThrow(
      'credit note INV-2026-000003 needs the invoice it credits and a reason',
    );
  });

  it('says which field eTIMS refused, and that another try will not help', async () => {
    const error = await failure(client.registerSale(saleRequest(invoice(4, { buyer: { pin: 'A12' } }), registrar)));
    expect(error.failure).toBe('refused');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(
      /^eTIMS refused saveTrnsSalesOsdc: Request parameter error: custTin: .* \(result code 910\)$/,
    );
  });

  it('reports other content under a registered number as a conflict', async () => {
    const error = await failure(
      client.registerSale(saleRequest(invoice(1, { buyer: { pin: 'P059999999Z', name: 'Other Ltd' } }), registrar)),
    );
    expect(error).toMatchObject({ failure: 'conflict', resultCd: '994' });
  });
});

describe('eTIMS client while eTIMS is in trouble', () => {
  it('down: says it could not reach eTIMS, and registers once when it is back', async () => {
    const before = etims.counters.salesRegistered;
    await etims.down();
    try {
      const error = await failure(client.registerSale(saleRequest(invoice(10), registrar)));
      expect(error.retryable).toBe(true);
      expect(error.message).toContain(`eTIMS could not be reached at ${etims.apiUrl}`);
    } finally {
      await etims.up();
    }
    await client.registerSale(saleRequest(invoice(10), registrar));
    await client.registerSale(saleRequest(invoice(10), registrar));
    expect(etims.counters.salesRegistered).toBe(before + 1);
  });

  it('slow: gives up after its timeout; the retry gets the registration eTIMS already made', async () => {
    const before = { registered: etims.counters.salesRegistered, resent: etims.counters.salesResent };
    // A deployment keeps the key of its one initialisation (ETIMS_CMC_KEY).
    const impatient = clientWith(1_000, etims.cmcKey);
    etims.setMode({ mode: 'slow', delayMs: 60_000 });
    try {
      const error = await failure(impatient.registerSale(saleRequest(invoice(11), registrar)));
      expect(error.retryable).toBe(true);
      expect(error.message).toBe('eTIMS did not answer saveTrnsSalesOsdc within 1 s');
      await expect.poll(() => etims.counters.salesRegistered, { timeout: 20_000 }).toBe(before.registered + 1);
    } finally {
      etims.setMode({ mode: 'up' });
    }
    const retried = await impatient.registerSale(saleRequest(invoice(11), registrar));
    expect(retried.rcptSign).toMatch(/^[A-Z2-7]{16}$/);
    expect(etims.counters.salesRegistered).toBe(before.registered + 1);
    expect(etims.counters.salesResent).toBe(before.resent + 1);
  });

  it('503: tells a retry may help; refusing: passes on eTIMS words and code', async () => {
    try {
      etims.setMode({ mode: 'unavailable' });
      const unavailable = await failure(client.registerSale(saleRequest(invoice(12), registrar)));
      expect(unavailable).toMatchObject({ failure: 'unavailable', retryable: true });
      expect(unavailable.message).toBe('eTIMS answered saveTrnsSalesOsdc with HTTP 503: try again later');
      etims.setMode({ mode: 'refusing', resultCd: '901' });
      const refused = await failure(client.registerSale(saleRequest(invoice(12), registrar)));
      expect(refused).toMatchObject({ failure: 'refused', resultCd: '901', retryable: false });
      expect(refused.message).toBe('eTIMS refused saveTrnsSalesOsdc: It is not valid device (result code 901)');
      etims.setMode({ mode: 'refusing' });
      expect((await failure(client.registerSale(saleRequest(invoice(12), registrar)))).retryable).toBe(true);
    } finally {
      etims.setMode({ mode: 'up' });
    }
  });
});
