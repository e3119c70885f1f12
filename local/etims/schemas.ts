/**
 * The documented request bodies of the routes the stand-in serves, as zod schemas: field names,
 * CHAR lengths, NUMBER precision (p,s) and which fields are required, as the OSCU API reference
 * lists them. Optional fields may be absent or null, as eTIMS's own examples send them.
 */
import { z } from 'zod';
import { creditNoteReasonCodes, paymentTypeCodes, receiptTypeCodes, salesStatusCodes, taxTypeCodes } from './codes.ts';

const char = (length: number) => z.string().min(1).max(length);
const optionalChar = (length: number) => z.string().max(length).nullish();
/** NUMBER(p,s): at most p-s digits before the point and s after it. */
const decimal = (precision: number, scale: number) =>
  z
    .number()
    .refine((n) => Number.isFinite(n) && Math.abs(n) < 10 ** (precision - scale), `at most ${precision - scale} digits`)
    .refine((n) => Math.abs(Math.round(n * 10 ** scale) - n * 10 ** scale) < 1e-6, `at most ${scale} decimals`);
const dateTime = z.string().regex(/^\d{14}$/, 'YYYYMMDDhhmmss');
const date = z.string().regex(/^\d{8}$/, 'YYYYMMDD');
const yesNo = z.enum(['Y', 'N']);
/** A KRA PIN: a letter, nine digits, a letter. */
export const kraPin = z.string().regex(/^[A-Z]\d{9}[A-Z]$/, 'a KRA PIN: a letter, nine digits and a letter');

export const initRequest = z.object({
  tin: kraPin,
  bhfId: z.string().regex(/^\d{2}$/, 'two digits'),
  dvcSrlNo: char(100),
});

export const codeListRequest = z.object({ lastReqDt: dateTime });

const registration = {
  regrId: char(20),
  regrNm: char(60),
  modrId: char(20),
  modrNm: char(60),
};

export const itemRequest = z.object({
  itemClsCd: char(10),
  itemCd: char(20),
  itemTyCd: char(5),
  itemNm: char(200),
  itemStdNm: optionalChar(200),
  orgnNatCd: char(5),
  pkgUnitCd: char(5),
  qtyUnitCd: char(5),
  taxTyCd: z.enum(taxTypeCodes),
  btchNo: optionalChar(10),
  bcd: optionalChar(20),
  dftPrc: decimal(18, 2),
  grpPrcL1: decimal(18, 2).nullish(),
  grpPrcL2: decimal(18, 2).nullish(),
  grpPrcL3: decimal(18, 2).nullish(),
  grpPrcL4: decimal(18, 2).nullish(),
  grpPrcL5: decimal(18, 2).nullish(),
  addInfo: optionalChar(7),
  sftyQty: decimal(13, 2).nullish(),
  isrcAplcbYn: yesNo,
  useYn: yesNo,
  ...registration,
});

const saleItem = z.object({
  itemSeq: z.number().int().min(1),
  itemClsCd: optionalChar(10),
  itemCd: char(20),
  itemNm: char(200),
  bcd: optionalChar(20),
  pkgUnitCd: char(5),
  pkg: decimal(13, 2),
  qtyUnitCd: char(5),
  qty: decimal(13, 2).refine((n) => n > 0, 'more than 0'),
  prc: decimal(18, 2),
  splyAmt: decimal(18, 2),
  dcRt: decimal(5, 2),
  dcAmt: decimal(18, 2),
  isrccCd: optionalChar(10),
  isrccNm: optionalChar(100),
  isrcRt: decimal(3, 0).nullish(),
  isrcAmt: decimal(18, 2).nullish(),
  taxTyCd: z.enum(taxTypeCodes),
  taxblAmt: decimal(18, 2),
  taxAmt: decimal(18, 2),
  totAmt: decimal(18, 2),
});

const perTaxType = <T extends z.ZodType>(field: string, schema: T) =>
  Object.fromEntries(taxTypeCodes.map((code) => [`${field}${code}`, schema])) as Record<string, T>;

export const saleRequest = z.object({
  trdInvcNo: char(50),
  invcNo: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  orgInvcNo: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  custTin: kraPin.nullish(),
  custNm: optionalChar(60),
  salesTyCd: z.enum(['N', 'C', 'T', 'P']),
  rcptTyCd: z.enum(receiptTypeCodes),
  pmtTyCd: z.enum(paymentTypeCodes).nullish(),
  salesSttsCd: z.enum(salesStatusCodes),
  cfmDt: dateTime,
  salesDt: date,
  stockRlsDt: dateTime.nullish(),
  cnclReqDt: dateTime.nullish(),
  cnclDt: dateTime.nullish(),
  rfdDt: dateTime.nullish(),
  rfdRsnCd: z.enum(creditNoteReasonCodes).nullish(),
  totItemCnt: z.number().int().min(1).max(9_999_999_999),
  ...perTaxType('taxblAmt', decimal(18, 2)),
  ...perTaxType('taxRt', decimal(7, 2)),
  ...perTaxType('taxAmt', decimal(18, 2)),
  totTaxblAmt: decimal(18, 2),
  totTaxAmt: decimal(18, 2),
  totAmt: decimal(18, 2),
  prchrAcptcYn: yesNo,
  remark: optionalChar(400),
  ...registration,
  receipt: z.object({
    custTin: kraPin.nullish(),
    custMblNo: optionalChar(20),
    rptNo: z.number().int().nullish(),
    rcptPbctDt: dateTime,
    trdeNm: optionalChar(20),
    adrs: optionalChar(200),
    topMsg: optionalChar(20),
    btmMsg: optionalChar(20),
    prchrAcptcYn: yesNo,
  }),
  itemList: z.array(saleItem).min(1).max(1000),
});

export type InitRequest = z.infer<typeof initRequest>;
export type ItemRequest = z.infer<typeof itemRequest>;
export type SaleRequest = z.infer<typeof saleRequest>;

/** The first problem in words, naming the field: `itemList.0.taxTyCd: Invalid option...`. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid request';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
