import { PayloadTooLargeError } from '../http.ts';
import { TokenError } from '../jwt.ts';

/**
 * A storage-api error. Rendered like Supabase Storage: body `{statusCode, code, error, message}`
 * where statusCode is the "real" status as a string, while the HTTP status is 400 for every
 * client error and 500 for server errors (storage-api's `userStatusCode`).
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    /** storage-api's `withStatusCode`: an HTTP status other than its 400/500 rule, and headers to send with it. */
    readonly reply: { status?: number; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }

  /** HTTP status as storage-api sends it. */
  get httpStatus(): number {
    return this.reply.status ?? (this.statusCode >= 500 ? 500 : 400);
  }

  render(): Record<string, string> {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

/** The storage-api errors apps see, with their exact codes and messages. */
export const ERR = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  duplicate: () => new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  accessDenied: (message = 'Access denied') => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  invalidJwt: (message: string) => new StorageError(403, 'InvalidJWT', 'Unauthorized', message),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageError(400, 'InvalidSignature', 'InvalidSignature', message),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'ExpiredToken', 'The provided token has expired.'),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  notFound: () => new StorageError(404, 'NotFound', 'Not Found', 'Route not found'),
  // storage-api's ImageProcessingError for imgproxy's 422 on a source over its max_src_resolution (sent as HTTP 400).
  sourceTooLarge: () => new StorageError(422, 'InvalidRequest', 'ImageProcessingError', 'Source image resolution is too big'),
  // A real 503 with Retry-After (not the 400 rule) so that clients and proxies back off and retry.
  renderBusy: () =>
    new StorageError(503, 'SlowDown', 'Service Unavailable', 'Too many image transformations at once, retry shortly', {
      status: 503,
      headers: { 'retry-after': '1' },
    }),
  internal: () => new StorageError(500, 'InternalError', 'Internal', 'Internal Server Error'),
};

interface PgLikeError {
  code?: string;
  message?: string;
}

/** Maps anything thrown while serving a request to the StorageError the client gets. */
export function toStorageError(err: unknown): StorageError {
  if (err instanceof StorageError) return err;
  if (err instanceof PayloadTooLargeError) return ERR.entityTooLarge();
  if (err instanceof TokenError) return ERR.invalidJwt(err.reason === 'expired' ? 'jwt expired' : 'invalid signature');
  if (err instanceof SyntaxError) return ERR.invalidRequest('Body is not valid JSON');
  const pgErr = err as PgLikeError;
  switch (pgErr?.code) {
    case '42501':
      return ERR.accessDenied(
        pgErr.message?.includes('row-level security') ? 'new row violates row-level security policy' : pgErr.message,
      );
    case '23505':
      return ERR.duplicate();
    case '23503':
      return new StorageError(404, 'InvalidRequest', 'InvalidRequest', 'The related resource does not exist');
    case '22P02':
      return ERR.invalidRequest('Invalid Parameter value');
  }
  return ERR.internal();
}
