// A database that cannot be reached is an outage, not a bug: the error handler answers 503 with
// a readable message (and Retry-After) instead of a 500, so clients and load balancers back off.

/** Node's socket errors: the server is not there, or the connection broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** postgres.js's own connection errors. */
const CLIENT_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);
/** admin_shutdown, crash_shutdown, cannot_connect_now (starting or stopping), too_many_connections. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether `error` (or what it wraps) says PostgreSQL is unreachable: a connection-exception
 * SQLSTATE (class 08), a server shutting down or starting, or a refused/broken socket. A socket
 * error counts only when thrown by the database client itself (postgres.js and pg throw it as
 * it is; drizzle wraps it with the failed query): the same codes inside an HTTP client's error
 * (fetch wraps them in "fetch failed") are an outside service's trouble, not the database's.
 */
export function isDatabaseUnavailable(
  error: unknown,
  fromDatabaseClient = true,
  depth = 0,
): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const code = codeOf(error);
  if (code && (CLIENT_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')))
    return true;
  if (code && SOCKET_CODES.has(code) && fromDatabaseClient) return true;
  if (error instanceof AggregateError) {
    return error.errors.some((inner: unknown) =>
      isDatabaseUnavailable(inner, fromDatabaseClient, depth + 1),
    );
  }
  // drizzle's DrizzleQueryError carries the query and the driver's error as its cause.
  const wrapsQuery = 'query' in error && 'params' in error;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, wrapsQuery, depth + 1);
}
