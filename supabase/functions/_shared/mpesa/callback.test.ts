/** Daraja's STK callback bodies: success (metadata in any order), every failure, and what is not a callback. */
import { describe, expect, it } from 'vitest';
import { parseStkCallback } from './callback.ts';

const ids = { MerchantRequestID: '29115-34620561-1', CheckoutRequestID: 'ws_CO_191220191020363925' };
const items = [
  { Name: 'Amount', Value: 1.0 },
  { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
  { Name: 'Balance' },
  { Name: 'TransactionDate', Value: 20191219102115 },
  { Name: 'PhoneNumber', Value: 254708374149 },
];
const success = (list: unknown[]) => ({
  Body: {
    stkCallback: {
      ...ids,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      CallbackMetadata: { Item: list },
    },
  },
});

describe('parseStkCallback', () => {
  it('reads the documented success body', () => {
    expect(parseStkCallback(success(items))).toEqual({
      ok: true,
      merchantRequestId: ids.MerchantRequestID,
      checkoutRequestId: ids.CheckoutRequestID,
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      amount: 1,
      receipt: 'NLJ7RT61SV',
      phone: '254708374149',
      transactionDate: '20191219102115',
    });
  });

  it('reads the metadata items in any order', () => {
    const reversed = parseStkCallback(success([...items].reverse()));
    const shuffled = parseStkCallback(success([items[3], items[1], items[4], items[0], items[2]]));
    expect(reversed).toEqual(parseStkCallback(success(items)));
    expect(shuffled).toEqual(parseStkCallback(success(items)));
  });

  it('reads each documented failure, without metadata', () => {
    for (const [code, desc] of [
      [1032, 'Request cancelled by user'],
      [1, 'The balance is insufficient for the transaction.'],
      [2001, 'The initiator information is invalid.'],
      [1037, 'DS timeout user cannot be reached'],
    ] as const) {
      expect(parseStkCallback({ Body: { stkCallback: { ...ids, ResultCode: code, ResultDesc: desc } } })).toEqual({
        ok: false,
        merchantRequestId: ids.MerchantRequestID,
        checkoutRequestId: ids.CheckoutRequestID,
        resultCode: code,
        resultDesc: desc,
      });
    }
  });

  it('refuses a success without an amount or a receipt, and bodies that are not callbacks', () => {
    expect(parseStkCallback(success(items.filter((i) => i.Name !== 'Amount')))).toEqual({
      error: 'a success without an Amount',
    });
    expect(parseStkCallback(success(items.filter((i) => i.Name !== 'MpesaReceiptNumber')))).toEqual({
      error: 'a success without an MpesaReceiptNumber',
    });
    for (const body of [null, 'x', [], {}, { Body: {} }, { Body: { stkCallback: { ...ids } } }])
      expect(parseStkCallback(body)).toEqual({ error: 'not an STK callback body' });
  });
});
