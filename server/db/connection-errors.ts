/**
 * Which errors mean "the database cannot be reached right now" rather than "this request is wrong" or
 * "our code is wrong": a connection ended by the server (restart, failover, pg_terminate_backend), a
 * connection that could not be made, or an embedded database that is closed. The error handler answers
 * them 503 DATABASE_UNAVAILABLE; background workers log them and try again on their next round.
 */
import { DrizzleQueryError } from 'drizzle-orm';

/** A connection to the database could not be had (thrown by the pool in client.ts). */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the database cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

// SQLSTATE classes and codes: 08 connection exception; 57P01 admin_shutdown, 57P02 crash_shutdown,
// 57P03 cannot_connect_now, 57P04 database_dropped; 53300 too_many_connections.
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-4]|53300)$/;

// Socket errors of a connection that could not be made or was cut. A payment provider that cannot be
// reached fails with the same codes, so they count only beneath an error of a database query.
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

// node-postgres and PGlite say these in words only (no code).
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
  'PGlite is closing',
];

function causesOf(error: object): unknown[] {
  const nested: unknown[] = [];
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined) nested.push(cause);
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  if (Array.isArray(errors)) nested.push(...errors);
  return nested;
}

function saysUnavailable(error: object, fromDatabase: boolean): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || (fromDatabase && UNAVAILABLE_ERRNO.has(code)))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((words) => message.startsWith(words));
}

/**
 * True when `error`, or an error it wraps (drizzle wraps driver errors as `cause`), says the database
 * connection was lost or could not be made.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: { error: unknown; fromDatabase: boolean }[] = [{ error, fromDatabase: false }];
  for (let seen = 0; pending.length > 0 && seen < 10; seen += 1) {
    const next = pending.shift()!;
    if (typeof next.error !== 'object' || next.error === null) continue;
    if (saysUnavailable(next.error, next.fromDatabase)) return true;
    const fromDatabase = next.fromDatabase || next.error instanceof DrizzleQueryError;
    pending.push(...causesOf(next.error).map((cause) => ({ error: cause, fromDatabase })));
  }
  return false;
}
