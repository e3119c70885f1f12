/** Daraja's error replies: `{ requestId, errorCode, errorMessage }` with the documented codes. */
import { randomUUID } from 'node:crypto';

export function darajaError(status: number, errorCode: string, errorMessage: string): Response {
  return Response.json({ requestId: `${randomUUID().slice(0, 8)}-local`, errorCode, errorMessage }, { status });
}

/** A field of processrequest or query that fails validation. */
export const invalidField = (field: string) => darajaError(400, '400.002.02', `Bad Request - Invalid ${field}`);
export const invalidToken = () => darajaError(401, '404.001.03', 'Invalid Access Token');
export const wrongCredentials = () => darajaError(500, '500.001.1001', 'Wrong credentials');
export const subscriberLocked = () =>
  darajaError(
    500,
    '500.001.1001',
    'Unable to lock subscriber, a transaction is already in process for the current subscriber',
  );
export const stillProcessing = () => darajaError(500, '500.001.1001', 'The transaction is being processed');
export const notFound = () => darajaError(404, '404.001.01', 'Resource not found');
