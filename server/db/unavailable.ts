/**
 * Whether an error means the database could not be reached or went away mid-query (issue 30):
 * refused or lost connections, a server shutting down or starting up, no connection to be had.
 * Such a request is answered 503 with Retry-After (http/error-mapping.ts), never 500: its transaction,
 * if one began, was rolled back by PostgreSQL with the connection, so nothing is half-written.
 * Drizzle wraps driver errors; the chain of causes is read.
 */

/** Socket errors of a connection that cannot be made or was cut. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * PostgreSQL's: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; and
 * every connection exception (class 08).
 */
const serverCodes = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres's own words for a connection lost or never had. */
const driverMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/;

export function databaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < 8; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (socketCodes.has(code) || serverCodes.has(code) || /^08/.test(code)) return true;
    }
    if (driverMessages.test(e.message)) return true;
    e = e.cause;
  }
  return false;
}
