/**
 * The code data the stand-in knows: KRA's taxation types (code class 04, the rate in userDfnCd1)
 * and the documented code tables sales are checked against. Only class 04 is served by
 * selectCodeList: the other classes' numbers are not in the public references.
 */

/** KRA's taxation types and their rates in per cent (eTIMS "Tax Type" table). */
export const taxTypes = [
  { cd: 'A', cdNm: 'A-Exempt', cdDesc: 'Exempt', rate: 0 },
  { cd: 'B', cdNm: 'B-16.00%', cdDesc: '16% Tax', rate: 16 },
  { cd: 'C', cdNm: 'C-0%', cdDesc: '0% Tax', rate: 0 },
  { cd: 'D', cdNm: 'D-Non-VAT', cdDesc: 'Non-VAT', rate: 0 },
  { cd: 'E', cdNm: 'E-8%', cdDesc: '8% Tax', rate: 8 },
] as const;

export type TaxTypeCode = (typeof taxTypes)[number]['cd'];
export const taxTypeCodes = taxTypes.map((t) => t.cd) as [TaxTypeCode, ...TaxTypeCode[]];

export function rateOf(code: TaxTypeCode): number {
  return taxTypes.find((t) => t.cd === code)?.rate ?? 0;
}

/** Payment Method, Sales Receipt Type, Transaction Progress, Credit Note Reason. */
export const paymentTypeCodes = ['01', '02', '03', '04', '05', '06', '07'] as const;
export const receiptTypeCodes = ['S', 'R'] as const;
export const salesStatusCodes = ['01', '02', '03', '04', '05', '06'] as const;
export const creditNoteReasonCodes = ['01', '02', '03', '04', '05', '06'] as const;

/** When the stand-in's codes were "registered": a lastReqDt at or after this has nothing new. */
export const codesRegisteredAt = '20240101000000';

export function codeList(lastReqDt: string) {
  if (lastReqDt >= codesRegisteredAt) return null;
  return {
    clsList: [
      {
        cdCls: '04',
        cdClsNm: 'Taxation Type',
        cdClsDesc: null,
        useYn: 'Y',
        userDfnNm1: 'TaxRate',
        userDfnNm2: null,
        userDfnNm3: null,
        dtlList: taxTypes.map((t, index) => ({
          cd: t.cd,
          cdNm: t.cdNm,
          cdDesc: t.cdDesc,
          useYn: 'Y',
          srtOrd: index + 1,
          userDfnCd1: String(t.rate),
          userDfnCd2: null,
          userDfnCd3: null,
        })),
      },
    ],
  };
}
