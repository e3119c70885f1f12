/** An order read back by its token (get_order's JSON), checked and written out for the confirmation page. */
import { describe, expect, it } from 'vitest';
import { orderView, readOrder, TOKEN_FORMAT } from './order.server.ts';

const spaced = (text: string) => text.replace(/\s/g, ' ');

const json = {
  reference: 'ASC-2026-000123',
  status: 'pending',
  status_label: 'Awaiting payment',
  created_at: '2026-11-24T06:30:00+00:00',
  payment_method: 'mpesa',
  payment_choice: 'mpesa_paybill',
  payment_label: 'M-Pesa Paybill',
  hold_until: '2026-11-24T08:30:00+00:00',
  status_changed_at: null,
  currency: 'USD',
  buyer: {
    name: 'Wanjiru Kamau',
    email: 'w@example.com',
    phone: '+254712345678',
    organisation: null,
    po_number: 'PO-1',
  },
  kes_per_usd: 129.16,
  total_usd: 3003.25,
  total_kes: 387900,
  mpesa_code: null,
  mpesa_code_submitted_at: null,
  lines: [
    {
      program_id: 'p1',
      program_slug: 'executive-leadership-programme',
      title: 'Executive Leadership Programme',
      unit_price: 1250,
      currency: 'USD',
      quantity: 2,
      line_total: 2500,
      intake: { id: 'i1', starts_on: '2027-01-12', ends_on: '2027-01-15', is_online: false, venue: 'Kiambu Road' },
      participants: [
        { name: 'Wanjiru Kamau', email: 'w@example.com' },
        { name: 'Otieno', email: null },
      ],
    },
    {
      program_id: null,
      program_slug: null,
      title: 'Women in Leadership',
      unit_price: '65000.00',
      currency: 'KES',
      quantity: 1,
      line_total: '65000.00',
      intake: null,
      participants: [{ name: 'Akinyi', email: null }],
    },
  ],
};

describe('orderView', () => {
  it('says how much of the totals is VAT, each line by its class (an exempt line carries none)', () => {
    const standard = { code: 'B', label: 'VAT 16 %', rate_basis_points: 1600 };
    const exempt = { code: 'A', label: 'Exempt', rate_basis_points: 0 };
    const view = orderView({
      ...json,
      lines: [
        { ...json.lines[0], tax_class: standard },
        { ...json.lines[1], tax_class: exempt },
      ],
    });
    // USD 2,500 × 16 / 116 = 344.827… → USD 344.83; in KES at 129.16: 44,538.24.
    expect(view.vat && { usd: spaced(view.vat.usd), kes: spaced(view.vat.kes) }).toEqual({
      usd: 'USD 344.83',
      kes: 'KES 44,538.24',
    });
    // An order read without its lines' classes: no VAT guessed.
    expect(orderView(json).vat).toBeNull();
  });

  it('writes out amounts, dates in Nairobi, intakes and labels', () => {
    const view = orderView(json);
    expect(view.statusLabel).toBe('Awaiting payment');
    expect(view.paymentMethodLabel).toBe('M-Pesa Paybill');
    expect(spaced(view.placedAt)).toMatch(/^24 Nov 2026, 09:30 EAT$/);
    expect(spaced(view.totalUsd)).toBe('USD 3,003.25');
    expect(spaced(view.totalKes)).toBe('KES 387,900.00');
    expect(view.lines.map((line) => [spaced(line.detail), spaced(line.lineTotal), spaced(line.intake)])).toEqual([
      ['2 seats × USD 1,250', 'USD 2,500.00', expect.stringMatching(/^Tue, 12 ?– ?Fri, 15 Jan 2027, Kiambu Road$/)],
      ['1 seat × KES 65,000', 'KES 65,000.00', 'Next available intake: we confirm the dates by e-mail'],
    ]);
    expect(view.totalRows.map(([label]) => label)).toEqual(['Total in USD', 'Total in KES']);
  });

  it('shows a voucher’s discount on its line and inside the totals, and the VAT after it', () => {
    const standard = { code: 'B', label: 'VAT 16 %', rate_basis_points: 1600 };
    const view = orderView({
      ...json,
      voucher_code: 'SPRING20',
      discount_usd: 500,
      discount_kes: 64580,
      lines: [{ ...json.lines[0], discount_amount: 500, discounted_seats: 2, line_total: 2000, tax_class: standard }],
    });
    expect(spaced(view.lines[0]!.detail)).toBe('2 seats × USD 1,250; USD 500.00 off with code SPRING20 (2 seats)');
    expect(spaced(view.lines[0]!.lineTotal)).toBe('USD 2,000.00');
    expect(view.totalRows.map(([label, value, testId]) => [label, spaced(value), testId])).toEqual([
      ['Total in USD', 'USD 3,003.25', 'total-usd'],
      ['Total in KES', 'KES 387,900.00', 'total-kes'],
      ['Discount with code SPRING20', '−USD 500.00 / −KES 64,580.00', undefined],
      ['Of which VAT', 'USD 275.86 / KES 35,630.08', 'vat-included'],
    ]);
    // USD 2,000 × 16 / 116 = 275.86: the VAT of what is paid, not of the list price.
    expect(view.vat && spaced(view.vat.usd)).toBe('USD 275.86');
  });

  it('takes the status and payment words from the database, as the PDF and e-mails do', () => {
    const confirmed = { ...json, status: 'confirmed', status_label: 'Confirmed, awaiting payment' };
    expect(orderView(confirmed)).toMatchObject({ status: 'confirmed', statusLabel: 'Confirmed, awaiting payment' });
    const phone = { ...json, payment_choice: 'mpesa_express', payment_label: 'M-Pesa (pay now on your phone)' };
    expect(orderView(phone)).toMatchObject({
      paymentChoice: 'mpesa_express',
      paymentMethodLabel: 'M-Pesa (pay now on your phone)',
    });
    expect(orderView({ ...json, status: 'expired', status_label: 'Expired unpaid' }).statusLabel).toBe(
      'Expired unpaid',
    );
  });

  it('refuses JSON that is not an order', () => {
    expect(() => orderView({ ...json, status: 'shipped' })).toThrow();
    expect(() => orderView({ reference: 'x' })).toThrow();
  });
});

describe('readOrder', () => {
  it('does not look up a token that create_order cannot have made', async () => {
    expect(TOKEN_FORMAT.test('A'.repeat(43))).toBe(true);
    for (const token of ['', 'short', 'A'.repeat(44), `${'A'.repeat(42)}=`, "' or 1=1 --"]) {
      await expect(readOrder(token), token).resolves.toBeNull();
    }
  });
});
