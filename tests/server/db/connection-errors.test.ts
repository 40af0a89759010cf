import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../../server/db/connection-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const query = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a backend ended by an administrator (57P01)', query(withCode('terminating connection due to administrator command', '57P01'))],
    ['a server shutting down (57P02)', withCode('terminating connection because of crash of another server process', '57P02')],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (08006)', query(withCode('connection failure', '08006'))],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['a socket cut under a query', query(new Error('Connection terminated unexpectedly'))],
    ['the rollback on a dead connection', query(new Error('Client has encountered a connection error and is not queryable'))],
    ['a refused connection under a query', query(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))],
    ['a reset connection under a query', query(withCode('read ECONNRESET', 'ECONNRESET'))],
    [
      'a refused connection to a name with two addresses',
      query(Object.assign(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]), { code: 'ECONNREFUSED' })),
    ],
    ['no connection to be had from the pool', new DatabaseUnavailableError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))],
    ['a closed embedded database', new Error('PGlite is closed')],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a constraint violation', query(withCode('duplicate key value violates unique constraint', '23505'))],
    ['a serialization failure', query(withCode('could not serialize access', '40001'))],
    ['an undefined table', query(withCode('relation "x" does not exist', '42P01'))],
    // A payment provider that cannot be reached is not the database.
    ['a provider that refuses the connection', new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED 10.0.0.1:443', 'ECONNREFUSED') })],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'Connection terminated'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
