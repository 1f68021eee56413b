import { ResponseCode, type ServerMessageKey } from '@mouldwatch/shared';

/** An error the API answers with its envelope: HTTP status, body code and a message key. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ResponseCode,
    readonly messageKey: ServerMessageKey,
    readonly values: Record<string, string | number> = {},
    /** Response headers that go with the answer (Retry-After …). */
    readonly headers: Record<string, string> = {},
  ) {
    super(messageKey);
  }
}

export const invalidInput = (detail: string) => new ApiError(400, ResponseCode.invalid, 'invalidInput', { detail });
export const refused = (key: ServerMessageKey, values?: Record<string, string | number>) =>
  new ApiError(422, ResponseCode.refused, key, values);
/** A business rule refused because the thing exists already (a serial number taken …). */
export const conflict = (key: ServerMessageKey, values?: Record<string, string | number>) =>
  new ApiError(409, ResponseCode.refused, key, values);
export const notFound = (key: ServerMessageKey = 'notFound') => new ApiError(404, ResponseCode.refused, key);
export const unauthenticated = () => new ApiError(401, ResponseCode.unauthenticated, 'loginRequired');
export const forbidden = () => new ApiError(403, ResponseCode.forbidden, 'noPermission');
/** 429, telling the client in Retry-After how many seconds to wait. */
export const throttled = (key: ServerMessageKey, values: Record<string, string | number>, retryAfterSeconds: number) =>
  new ApiError(429, ResponseCode.refused, key, values, { 'retry-after': String(retryAfterSeconds) });
/** What a 503 suggests: the pool tries the database again on every call, so a few seconds do. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
/** The database cannot be reached (stopped, restarting, unreachable): nothing was done; try again later. */
export const databaseUnavailable = () =>
  new ApiError(
    503,
    ResponseCode.refused,
    'databaseUnavailable',
    {},
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );
