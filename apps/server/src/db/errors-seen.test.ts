// The kind of a failed query (db/errors-seen.ts), by PostgreSQL's SQLSTATE: what qq_db_errors_total{kind} says.
import { describe, expect, it } from 'vitest';
import { isDatabaseBusy, kindOfDatabaseError } from './errors-seen';

describe('kindOfDatabaseError', () => {
  it.each([
    ['57014', 'timeout'], // statement_timeout (query_canceled)
    ['55P03', 'timeout'], // lock_timeout (lock_not_available)
    ['25P03', 'timeout'], // idle_in_transaction_session_timeout
    ['08006', 'connection'],
    ['57P01', 'connection'], // admin_shutdown: PostgreSQL restarting
    ['40P01', 'conflict'], // deadlock
    ['40001', 'conflict'], // serialization failure
    ['53300', 'resources'], // too_many_connections
    ['XX000', 'internal'],
    ['23505', 'refused'], // unique violation
    ['QQ409', 'refused'], // the game's own raise (qq_claim: sold out)
    ['P0001', 'refused'],
    ['42703', 'statement'], // undefined column: a schema the build does not know
    ['22012', 'statement'], // division by zero
  ])('SQLSTATE %s is %s', (code, kind) => {
    expect(kindOfDatabaseError(Object.assign(new Error('x'), { code }))).toBe(kind);
  });

  it('calls a failure without a SQLSTATE (refused, reset, timed out) the connection', () => {
    expect(kindOfDatabaseError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe('connection');
    expect(kindOfDatabaseError(new Error('Connection terminated unexpectedly'))).toBe('connection');
  });
});

describe('isDatabaseBusy (decision 067)', () => {
  const pgError = (code: string) => Object.assign(new Error('x'), { code });
  const poolTimeout = new Error('timeout exceeded when trying to connect');

  it("is a statement or lock timeout, or no free connection, also under the query builder's wrapping", () => {
    expect(isDatabaseBusy(pgError('57014'))).toBe(true);
    expect(isDatabaseBusy(pgError('55P03'))).toBe(true);
    expect(isDatabaseBusy(poolTimeout)).toBe(true);
    expect(isDatabaseBusy(Object.assign(new Error('Failed query: select 1'), { cause: pgError('55P03') }))).toBe(true);
    expect(kindOfDatabaseError(poolTimeout)).toBe('timeout');
  });

  it('is not any other failure: a refusal, a bug or a lost connection stay what they are', () => {
    expect(isDatabaseBusy(pgError('23505'))).toBe(false);
    expect(isDatabaseBusy(pgError('42703'))).toBe(false);
    expect(isDatabaseBusy(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isDatabaseBusy(undefined)).toBe(false);
  });
});
