/**
 * eTIMS's reply envelope `{ resultCd, resultMsg, resultDt, data }` and the documented result codes
 * the stand-in answers with (KRA's "API Response Code" table). eTIMS answers HTTP 200 for a refusal
 * too: the result code carries the verdict.
 */
import { etimsDateTime } from './clock.ts';

export const resultCodes = {
  succeeded: { code: '000', message: 'It is succeeded' },
  noSearchResult: { code: '001', message: 'There is no search result' },
  noHeader: { code: '900', message: 'There is no Header information' },
  invalidDevice: { code: '901', message: 'It is not valid device' },
  parameterError: { code: '910', message: 'Request parameter error' },
  noRequestText: { code: '911', message: 'There is no request full text' },
  methodError: { code: '912', message: 'There is a request Method error' },
  overlappedData: { code: '994', message: 'There is an overlapped Data' },
  unknownError: { code: '999', message: 'There is an unknown error. Please ask the administrator' },
} as const;

export type ResultName = keyof typeof resultCodes;

export function reply(now: Date, result: ResultName, data: unknown = null, detail?: string): Response {
  const { code, message } = resultCodes[result];
  return Response.json({
    resultCd: code,
    resultMsg: detail ? `${message}: ${detail}` : message,
    resultDt: etimsDateTime(now),
    data,
  });
}
