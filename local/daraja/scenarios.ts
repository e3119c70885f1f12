/** The simulated phones: which test number ends a push how (README.md lists them for people). */

export interface Outcome {
  /** Daraja's ResultCode for the finished transaction. */
  resultCode: number;
  resultDesc: string;
  /** False: the phone's answer reaches the query API but the callback is never posted. */
  callsBack: boolean;
}

export const approved: Outcome = {
  resultCode: 0,
  resultDesc: 'The service request is processed successfully.',
  callsBack: true,
};

/** Test numbers (2547XXXXXXXX as PhoneNumber is sent); every other valid number approves. */
export const testNumbers: Readonly<Record<string, Outcome>> = {
  '254700001032': { resultCode: 1032, resultDesc: 'Request cancelled by user', callsBack: true },
  '254700000001': { resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.', callsBack: true },
  '254700002001': { resultCode: 2001, resultDesc: 'The initiator information is invalid.', callsBack: true },
  '254700001037': { resultCode: 1037, resultDesc: 'DS timeout user cannot be reached', callsBack: true },
  // Approves, but the callback is lost on the way: only the STK query learns the outcome.
  '254700009999': { ...approved, callsBack: false },
  // Cancelled, and that callback is lost too.
  '254700009032': { resultCode: 1032, resultDesc: 'Request cancelled by user', callsBack: false },
};

export function outcomeFor(phone: string): Outcome {
  return testNumbers[phone] ?? approved;
}
