/**
 * storage-api's error replies: the body `{statusCode, code, error, message}` carries the real
 * status as a string while the HTTP status is 400 for every client error (500 for its own), as
 * its error handler answers on the platform.
 */

export interface StorageErrorBody {
  statusCode: string;
  code: string;
  error: string;
  message: string;
}

export class StorageError extends Error {
  readonly status: number;
  readonly code: string;
  readonly error: string;
  constructor(status: number, code: string, error: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.error = error;
  }

  body(): StorageErrorBody {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }
}

/** The reply for an error: HTTP 400 for any client error, 500 for a server fault, as storage-api sends. */
export function errorResponse(error: StorageError): Response {
  return Response.json(error.body(), { status: error.status >= 500 ? 500 : 400 });
}

/** The errors this subset raises, worded as storage-api's ERRORS table words them. */
export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  duplicate: () => new StorageError(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'Bad Request', message),
  noContent: () => new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'No content provided'),
  notFound: (method: string, path: string) =>
    new StorageError(404, 'NotFound', 'Not Found', `Route ${method}:${path} not found`),
};

/** A PostgreSQL error as storage-api maps it (DBError.fromDBError), or undefined for any other failure. */
export function fromDatabaseError(error: unknown): StorageError | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  if (error.code === '42501') {
    return errors.accessDenied(
      message.includes('row-level security') ? 'new row violates row-level security policy' : message,
    );
  }
  if (error.code === '23505') return errors.duplicate();
  return undefined;
}
