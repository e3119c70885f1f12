/** Checks a processrequest / query body field by field, in Daraja's order, naming the first bad field. */

export type Body = Record<string, unknown>;

const digits = (value: unknown): string | undefined =>
  (typeof value === 'string' && /^\d+$/.test(value)) || (typeof value === 'number' && Number.isSafeInteger(value))
    ? String(value)
    : undefined;

/** YYYYMMDDHHmmss that names a real moment. */
export function isTimestamp(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{14}$/.test(value)) return false;
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(value.slice(at, at + (i ? 2 : 4))));
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return date.getUTCMonth() === mo! - 1 && date.getUTCDate() === d! && h! < 24 && mi! < 60 && s! < 60;
}

const kenyanMsisdn = /^254(7|1)\d{8}$/;

export interface PushRequest {
  shortcode: string;
  timestamp: string;
  password: string;
  amount: number;
  phone: string;
  callbackUrl: string;
  accountReference: string;
}

/** The first invalid field's name (as in "Bad Request - Invalid Amount"), or the parsed request. */
export function validatePush(body: Body, shortcode: string): { field: string } | PushRequest {
  if (digits(body.BusinessShortCode) !== shortcode) return { field: 'BusinessShortCode' };
  if (typeof body.Password !== 'string' || body.Password === '') return { field: 'Password' };
  if (!isTimestamp(body.Timestamp)) return { field: 'Timestamp' };
  if (body.TransactionType !== 'CustomerPayBillOnline' && body.TransactionType !== 'CustomerBuyGoodsOnline')
    return { field: 'TransactionType' };
  const amount = digits(body.Amount);
  if (amount === undefined || Number(amount) < 1) return { field: 'Amount' };
  const partyA = digits(body.PartyA);
  if (partyA === undefined || !kenyanMsisdn.test(partyA)) return { field: 'PartyA' };
  if (digits(body.PartyB) !== shortcode) return { field: 'PartyB' };
  const phone = digits(body.PhoneNumber);
  if (phone === undefined || !kenyanMsisdn.test(phone)) return { field: 'PhoneNumber' };
  let callbackUrl: URL;
  try {
    callbackUrl = new URL(typeof body.CallBackURL === 'string' ? body.CallBackURL : '');
  } catch {
    return { field: 'CallBackURL' };
  }
  // Daraja requires https; the stand-in also takes http, since the local stack has no TLS.
  if (callbackUrl.protocol !== 'https:' && callbackUrl.protocol !== 'http:') return { field: 'CallBackURL' };
  const reference = body.AccountReference;
  if (typeof reference !== 'string' || reference.length < 1 || reference.length > 12)
    return { field: 'AccountReference' };
  const description = body.TransactionDesc;
  if (typeof description !== 'string' || description.length < 1 || description.length > 13)
    return { field: 'TransactionDesc' };
  return {
    shortcode,
    timestamp: body.Timestamp,
    password: body.Password,
    amount: Number(amount),
    phone,
    callbackUrl: callbackUrl.href,
    accountReference: reference,
  };
}
