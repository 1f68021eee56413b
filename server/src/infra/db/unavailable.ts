/**
 * Whether an error says the database cannot be reached — stopped, restarting, unreachable, the
 * connection lost — rather than that a statement failed. The first is answered 503 (try again
 * later); any other SQL error stays a server error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causesOf(error).some(
    (cause) =>
      cause instanceof Error &&
      (isUnavailableCode((cause as { code?: unknown }).code) || LOST_CONNECTION.test(cause.message)),
  );
}

/** Network errors of the socket to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or not taking connections: class 08 (connection exception),
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting down).
 */
const isUnavailableCode = (code: unknown) =>
  typeof code === 'string' &&
  (NETWORK_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03');

/** What node-postgres says, without a code, when a connection ends or cannot be had in time. */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** The error, its causes, and the errors an AggregateError gathers (a host with several addresses). */
function causesOf(error: unknown, depth = 0): unknown[] {
  if (!(error instanceof Error) || depth > 5) return [error];
  const inner = [
    ...(error.cause === undefined ? [] : [error.cause]),
    ...(error instanceof AggregateError ? error.errors : []),
  ];
  return [error, ...inner.flatMap((cause) => causesOf(cause, depth + 1))];
}
