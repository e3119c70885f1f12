/**
 * What eTIMS checks in a sale beyond its fields' shapes: the counts and the tax arithmetic add up,
 * each rate is the code list's, each item was registered (saveItem), and a credit note names a
 * registered sale. Amounts are compared in whole cents. The first problem, in words, or null.
 */
import { rateOf, taxTypeCodes, type TaxTypeCode } from './codes.ts';
import type { SaleRequest } from './schemas.ts';

const cents = (amount: number) => Math.round(amount * 100);

export interface SaleContext {
  /** The tax type an item code was registered with, or undefined when it never was. */
  registeredTaxType(itemCd: string): TaxTypeCode | undefined;
  /** Whether a sale (receipt type S) with this invoice number is registered. */
  saleRegistered(invcNo: number): boolean;
}

export function saleProblem(sale: SaleRequest, context: SaleContext): string | null {
  const items = sale.itemList;
  if (sale.totItemCnt !== items.length)
    return `totItemCnt is ${sale.totItemCnt} but itemList has ${items.length} items`;
  const sequences = new Set(items.map((item) => item.itemSeq));
  if (sequences.size !== items.length) return 'itemList: itemSeq repeats';

  for (const [index, item] of items.entries()) {
    const where = `itemList.${index}`;
    const registered = context.registeredTaxType(item.itemCd);
    if (!registered) return `${where}.itemCd: item ${item.itemCd} is not registered (saveItem)`;
    if (registered !== item.taxTyCd)
      return `${where}.taxTyCd: item ${item.itemCd} is registered with tax type ${registered}`;
    if (cents(item.splyAmt) !== Math.round(item.prc * item.qty * 100)) return `${where}.splyAmt is not prc × qty`;
    if (cents(item.taxblAmt) !== cents(item.splyAmt) - cents(item.dcAmt))
      return `${where}.taxblAmt is not splyAmt - dcAmt`;
    if (cents(item.totAmt) !== cents(item.taxblAmt)) return `${where}.totAmt is not taxblAmt (prices include tax)`;
    // The tax inside a tax-inclusive amount, to the cent: either neighbour of the exact value.
    const rate = rateOf(item.taxTyCd);
    const exact = (cents(item.taxblAmt) * rate) / (100 + rate);
    if (Math.abs(cents(item.taxAmt) - exact) >= 1)
      return `${where}.taxAmt ${item.taxAmt} is not ${rate}/${100 + rate} of taxblAmt ${item.taxblAmt} to the cent`;
  }

  const body = sale as unknown as Record<string, number>;
  let taxable = 0;
  let tax = 0;
  for (const code of taxTypeCodes) {
    const ofType = items.filter((item) => item.taxTyCd === code);
    const sumTaxable = ofType.reduce((sum, item) => sum + cents(item.taxblAmt), 0);
    const sumTax = ofType.reduce((sum, item) => sum + cents(item.taxAmt), 0);
    if (body[`taxRt${code}`] !== rateOf(code))
      return `taxRt${code} is ${body[`taxRt${code}`]}, the code list says ${rateOf(code)}`;
    if (cents(body[`taxblAmt${code}`] ?? 0) !== sumTaxable)
      return `taxblAmt${code} is not the sum of its items' taxblAmt`;
    if (cents(body[`taxAmt${code}`] ?? 0) !== sumTax) return `taxAmt${code} is not the sum of its items' taxAmt`;
    taxable += sumTaxable;
    tax += sumTax;
  }
  if (cents(sale.totTaxblAmt) !== taxable) return 'totTaxblAmt is not the sum of taxblAmtA..E';
  if (cents(sale.totTaxAmt) !== tax) return 'totTaxAmt is not the sum of taxAmtA..E';
  if (cents(sale.totAmt) !== items.reduce((sum, item) => sum + cents(item.totAmt), 0))
    return "totAmt is not the sum of its items' totAmt";

  if (sale.rcptTyCd === 'R') {
    if (!sale.rfdRsnCd) return 'rfdRsnCd: a credit note needs its reason';
    if (!context.saleRegistered(sale.orgInvcNo)) return `orgInvcNo: no sale ${sale.orgInvcNo} is registered`;
  }
  return null;
}
