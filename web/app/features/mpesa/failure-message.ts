/** What the customer reads for each outcome Daraja reports (ResultCode) of a push that did not pay. */

export function failureMessage(resultCode: number | null): string {
  switch (resultCode) {
    case 1032:
      return 'You cancelled the payment on your phone.';
    case 1:
      return 'Your M-Pesa balance is not enough for this payment.';
    case 2001:
      return 'The M-Pesa PIN was wrong, so the payment did not go through.';
    case 1037:
      return 'Your phone could not be reached in time. Check that it is on and has signal.';
    default:
      return 'The payment did not go through.';
  }
}
