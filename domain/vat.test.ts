/** VAT inside VAT-inclusive prices: worked examples, the per-line rule, and totals to the cent. */
import { describe, expect, it } from 'vitest';
import {
  basisPointsFromPercent,
  KRA_TAX_TYPES,
  splitDocument,
  splitInclusiveCents,
  toCents,
  type TaxClass,
} from './vat.ts';

const classOf = (code: string): TaxClass => KRA_TAX_TYPES.find((c) => c.code === code)!;
const standard = classOf('B');
const exempt = classOf('A');
const reduced = classOf('E');

describe('splitInclusiveCents', () => {
  it.each([
    // [gross in cents, class, VAT in cents, net in cents]: worked by hand, gross × 16 / 116.
    ['KES 11,600 at 16 %', 1_160_000, standard, 160_000, 1_000_000],
    ['KES 65,000 at 16 % (8,965.517... rounds up)', 6_500_000, standard, 896_552, 5_603_448],
    ['USD 480.50 at 16 % (66.2758... rounds up)', 48_050, standard, 6_628, 41_422],
    ['USD 1,250 at 16 % (172.4137... rounds down)', 125_000, standard, 17_241, 107_759],
    ['KES 5,400 at 8 % (400 exactly)', 540_000, reduced, 40_000, 500_000],
    ['KES 45,000 exempt', 4_500_000, exempt, 0, 4_500_000],
  ])('%s', (_label, gross, taxClass, vat, net) => {
    expect(splitInclusiveCents(gross, taxClass)).toEqual({ grossCents: gross, vatCents: vat, netCents: net });
  });

  it('rounds an exact half cent up, and a credit symmetrically', () => {
    // 16 % and 8 % never land on a half cent (gross × 4/29 and × 2/27); a 100 % rate does.
    const doubling: TaxClass = { code: 'B', label: 'test', rateBasisPoints: 10_000 };
    expect(splitInclusiveCents(1, doubling)).toEqual({ grossCents: 1, vatCents: 1, netCents: 0 });
    expect(splitInclusiveCents(-1, doubling)).toEqual({ grossCents: -1, vatCents: -1, netCents: 0 });
    expect(splitInclusiveCents(-6_500_000, standard)).toEqual({
      grossCents: -6_500_000,
      vatCents: -896_552,
      netCents: -5_603_448,
    });
  });

  it('follows the rate the class holds (data), not a constant', () => {
    const raised: TaxClass = { code: 'B', label: 'VAT 18 %', rateBasisPoints: 1800 };
    // 11,800 × 18 / 118 = 1,800.
    expect(splitInclusiveCents(1_180_000, raised).vatCents).toBe(180_000);
  });

  it('says in words what it cannot split', () => {
    expect(() => toCents(12.345)).toThrow('12.345 is not an amount in whole cents');
    expect(() => splitInclusiveCents(1.5, standard)).toThrow('not a whole number of cents');
  });
});

describe('splitDocument', () => {
  it('splits an invoice of a standard-rated and an exempt programme, KES', () => {
    const document = splitDocument([
      { unitPrice: 65_000, quantity: 2, taxClass: standard },
      { unitPrice: 45_000, quantity: 1, taxClass: exempt },
    ]);
    // 130,000 × 16/116 = 17,931.034... → 17,931.03.
    expect(document.lines.map((l) => [l.grossCents, l.vatCents, l.netCents])).toEqual([
      [13_000_000, 1_793_103, 11_206_897],
      [4_500_000, 0, 4_500_000],
    ]);
    expect(document.byClass.map((c) => [c.taxClass.code, c.grossCents, c.vatCents])).toEqual([
      ['A', 4_500_000, 0],
      ['B', 13_000_000, 1_793_103],
    ]);
    expect(document.total).toEqual({ grossCents: 17_500_000, vatCents: 1_793_103, netCents: 15_706_897 });
  });

  it('rounds per line and sums, never re-rounds the total (what eTIMS adds up)', () => {
    const lines = [1, 2, 3].map(() => ({ unitPrice: 1, quantity: 1, taxClass: standard }));
    const document = splitDocument(lines);
    // Each KES 1.00 holds 0.1379... VAT → 0.14; the total's own 0.4137... would be 0.41.
    expect(document.lines.map((l) => l.vatCents)).toEqual([14, 14, 14]);
    expect(document.total.vatCents).toBe(42);
    expect(document.total.grossCents).toBe(300);
  });

  it('adds up to the cent for many USD and KES documents: lines to classes to total to what was paid', () => {
    let seed = 29;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const classes = [standard, exempt, reduced, classOf('C'), classOf('D')];
    for (let round = 0; round < 500; round += 1) {
      const lines = Array.from({ length: 1 + (next() % 6) }, () => ({
        // USD-like prices with cents, and KES-like whole shillings.
        unitPrice: round % 2 ? (next() % 500_000) / 100 : next() % 300_000,
        quantity: 1 + (next() % 4),
        taxClass: classes[next() % classes.length]!,
      }));
      const paidCents = lines.reduce((sum, l) => sum + toCents(l.unitPrice) * l.quantity, 0);
      const document = splitDocument(lines);
      for (const line of document.lines) expect(line.netCents + line.vatCents).toBe(line.grossCents);
      expect(document.total.grossCents).toBe(paidCents);
      expect(document.total.netCents + document.total.vatCents).toBe(paidCents);
      expect(document.byClass.reduce((sum, c) => sum + c.vatCents, 0)).toBe(document.total.vatCents);
    }
  });

  it('refuses a quantity that is not a whole number', () => {
    expect(() => splitDocument([{ unitPrice: 10, quantity: 1.5, taxClass: standard }])).toThrow(
      "a line's quantity must be a whole number of at least 1, not 1.5",
    );
  });
});

describe('a line with a shared amount', () => {
  it('splits its amount, not unit price × quantity, and keeps the list amount for the discount', () => {
    // Three seats sharing KES 129,161.71: 43,053.91 a seat rounded up, 0.02 below the list.
    const document = splitDocument([{ unitPrice: 43_053.91, quantity: 3, amount: 129_161.71, taxClass: standard }]);
    expect(document.lines[0]).toMatchObject({ listCents: 12_916_173, grossCents: 12_916_171 });
    expect(document.lines[0]!.vatCents).toBe(splitInclusiveCents(12_916_171, standard).vatCents);
    expect(document.total.grossCents).toBe(12_916_171);
  });

  it('refuses an amount above unit price × quantity', () => {
    expect(() => splitDocument([{ unitPrice: 10, quantity: 2, amount: 20.01, taxClass: standard }])).toThrow(
      "a line's amount 20.01 must lie between 0 and its unit price × quantity",
    );
  });
});

describe('basisPointsFromPercent', () => {
  it('reads a rate as finance types it', () => {
    expect(basisPointsFromPercent('16')).toBe(1600);
    expect(basisPointsFromPercent(' 14.5 ')).toBe(1450);
    expect(basisPointsFromPercent('0.01')).toBe(1);
    expect(basisPointsFromPercent('100')).toBe(10_000);
    expect(basisPointsFromPercent('0')).toBe(0);
  });

  it('refuses what the database would (0 to 10,000 basis points) or that is not a plain number', () => {
    for (const text of ['', '100.01', '101', '-1', '16%', '1e2', '16.125', '16,5', 'sixteen']) {
      expect(basisPointsFromPercent(text), text).toBeNull();
    }
  });
});
