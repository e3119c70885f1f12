/**
 * The OSCU requests the product sends, built from its own records: an item registration from a
 * catalogue item, a sale or credit note from a tax invoice. The VAT split is domain/vat.ts's (per
 * line, to the cent), so eTIMS's sums and the invoice's agree. A request is a pure function of its
 * invoice (no "now"): sending it again is byte for byte the same sale, which eTIMS registers once.
 */
import {
  KRA_TAX_TYPES,
  ratePercent,
  splitDocument,
  TAX_TYPE_CODES,
  type TaxClass,
  type VatLine,
} from '../../../../domain/vat.ts';
import { etimsDate, etimsDateTime } from './time.ts';

/** Courses are services: eTIMS's item type 3, sold per unit ('U') without packaging ('NT'). */
const SERVICE_ITEM_TYPE = '3';
const PACKAGING_UNIT = 'NT';
const QUANTITY_UNIT = 'U';
/** eTIMS's payment types the product takes. */
export const PAYMENT_TYPES = { mobile_money: '06', bank_transfer: '07', card: '05' } as const;
export type PaymentType = keyof typeof PAYMENT_TYPES;

/** Who registers and modifies, as eTIMS records it (regrId/regrNm, modrId/modrNm). */
export interface Registrar {
  id: string;
  name: string;
}

export interface CatalogueItem {
  /** eTIMS item code, unique per taxpayer (e.g. KE3NTU0000001), at most 20 characters. */
  itemCode: string;
  /** KRA's item classification code (selectItemClsList), 10 characters at most. */
  classificationCode: string;
  name: string;
  taxClass: TaxClass;
  /** VAT-inclusive default price. */
  price: number;
}

/**
 * A line as VAT splits it (unit price in the invoice's currency, KES: the law's reporting
 * currency; a shared amount's difference from unit price × quantity is eTIMS's dcAmt).
 */
export interface InvoiceLine extends VatLine {
  itemCode: string;
  classificationCode: string;
  name: string;
}

export interface TaxInvoice {
  kind: 'sale' | 'credit_note';
  /** The invoice's number in its gap-free series: eTIMS's invcNo, the key eTIMS is idempotent by. */
  number: number;
  /** The number as printed (trdInvcNo), e.g. "INV-2026-000123". */
  printedNumber: string;
  /** A credit note's invoice; 0 for a sale. */
  originalNumber?: number;
  /** A credit note's reason (eTIMS's credit note reason code, 06 refund). */
  creditNoteReason?: '01' | '02' | '03' | '04' | '05' | '06';
  issuedAt: Date;
  buyer: { pin?: string | null; name?: string | null; phone?: string | null };
  paymentType: PaymentType;
  lines: readonly InvoiceLine[];
}

const money = (cents: number) => cents / 100;

export function itemRequest(item: CatalogueItem, registrar: Registrar) {
  return {
    itemClsCd: item.classificationCode,
    itemCd: item.itemCode,
    itemTyCd: SERVICE_ITEM_TYPE,
    itemNm: item.name.slice(0, 200),
    itemStdNm: null,
    orgnNatCd: 'KE',
    pkgUnitCd: PACKAGING_UNIT,
    qtyUnitCd: QUANTITY_UNIT,
    taxTyCd: item.taxClass.code,
    btchNo: null,
    bcd: null,
    dftPrc: item.price,
    isrcAplcbYn: 'N',
    useYn: 'Y',
    regrId: registrar.id,
    regrNm: registrar.name,
    modrId: registrar.id,
    modrNm: registrar.name,
  };
}

export type ItemRequest = ReturnType<typeof itemRequest>;

/**
 * saveTrnsSalesOsdc's body for a tax invoice or credit note. `taxClasses` are the rates in force
 * (eTIMS wants every type's rate, used or not); a credit note's amounts are positive, as eTIMS
 * takes them, its receipt type saying it is a credit.
 */
export function saleRequest(
  invoice: TaxInvoice,
  registrar: Registrar,
  taxClasses: readonly TaxClass[] = KRA_TAX_TYPES,
) {
  if (invoice.lines.length === 0) throw new RangeError(`invoice ${invoice.printedNumber} has no lines`);
  const credit = invoice.kind === 'credit_note';
  if (credit && !(invoice.originalNumber && invoice.creditNoteReason))
    throw new RangeError(`credit note ${invoice.printedNumber} needs the invoice it credits and a reason`);
  const document = splitDocument(invoice.lines);
  const perType = (field: string, value: (code: (typeof TAX_TYPE_CODES)[number]) => number) =>
    Object.fromEntries(TAX_TYPE_CODES.map((code) => [`${field}${code}`, value(code)])) as Record<string, number>;
  const rateOf = (code: string) => {
    const found = taxClasses.find((c) => c.code === code);
    if (!found) throw new RangeError(`no rate for tax class ${code}`);
    return ratePercent(found);
  };
  const ofType = (code: string) => document.byClass.find((c) => c.taxClass.code === code);
  const at = etimsDateTime(invoice.issuedAt);
  const buyerPin = invoice.buyer.pin || null;
  return {
    trdInvcNo: invoice.printedNumber,
    invcNo: invoice.number,
    orgInvcNo: credit ? (invoice.originalNumber ?? 0) : 0,
    custTin: buyerPin,
    custNm: invoice.buyer.name?.slice(0, 60) || null,
    salesTyCd: 'N',
    rcptTyCd: credit ? 'R' : 'S',
    pmtTyCd: PAYMENT_TYPES[invoice.paymentType],
    // 02 approved; a credit note is 05, credit note generated.
    salesSttsCd: credit ? '05' : '02',
    cfmDt: at,
    salesDt: etimsDate(invoice.issuedAt),
    stockRlsDt: null,
    cnclReqDt: null,
    cnclDt: null,
    rfdDt: credit ? at : null,
    rfdRsnCd: credit ? (invoice.creditNoteReason ?? null) : null,
    totItemCnt: invoice.lines.length,
    ...perType('taxblAmt', (code) => money(ofType(code)?.grossCents ?? 0)),
    ...perType('taxRt', rateOf),
    ...perType('taxAmt', (code) => money(ofType(code)?.vatCents ?? 0)),
    totTaxblAmt: money(document.total.grossCents),
    totTaxAmt: money(document.total.vatCents),
    totAmt: money(document.total.grossCents),
    prchrAcptcYn: 'N',
    remark: null,
    regrId: registrar.id,
    regrNm: registrar.name,
    modrId: registrar.id,
    modrNm: registrar.name,
    receipt: {
      custTin: buyerPin,
      custMblNo: invoice.buyer.phone || null,
      rcptPbctDt: at,
      trdeNm: null,
      adrs: null,
      topMsg: null,
      btmMsg: null,
      prchrAcptcYn: 'N',
    },
    itemList: invoice.lines.map((line, index) => {
      const split = document.lines[index]!;
      return {
        itemSeq: index + 1,
        itemClsCd: line.classificationCode,
        itemCd: line.itemCode,
        itemNm: line.name.slice(0, 200),
        bcd: null,
        pkgUnitCd: PACKAGING_UNIT,
        pkg: line.quantity,
        qtyUnitCd: QUANTITY_UNIT,
        qty: line.quantity,
        prc: line.unitPrice,
        splyAmt: money(split.listCents),
        dcRt: 0,
        dcAmt: money(split.listCents - split.grossCents),
        isrccCd: null,
        isrccNm: null,
        isrcRt: null,
        isrcAmt: null,
        taxTyCd: line.taxClass.code,
        // eTIMS's taxable amount of a line is its tax-inclusive amount; the tax is the part inside.
        taxblAmt: money(split.grossCents),
        taxAmt: money(split.vatCents),
        totAmt: money(split.grossCents),
      };
    }),
  };
}

export type SaleRequest = ReturnType<typeof saleRequest>;
