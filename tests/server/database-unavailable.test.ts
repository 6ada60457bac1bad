// A libSQL server out of reach (docs/operations.md#errors-from-a-libsql-server), without a server: what the client
// library throws is read as refused, rolled back or lost; reads are tried again and then answered 503 with
// Retry-After at both doors, also when Drizzle has wrapped the error; a write whose outcome is unknown is never tried
// again. The real sqld cases are in tests/server/sqld-errors.test.ts (slow).
import type { Client, ResultSet } from '@libsql/client';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src-server/contract/messages';
import { retryingReads, serverFailureOf, unavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../src-server/platform/db/server';
import { DatabaseUnavailableError } from '../../src-server/errors';
import { createHarness, type Harness } from './harness';

/** fetch's error for a request that reached nothing, or whose connection broke, as undici throws them. */
const fetchFailed = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });
/** What @libsql/client throws for an HTTP error answer (LibsqlError over the HTTP client's error). */
const httpAnswer = (status: number, message: string) =>
  Object.assign(new Error(`SERVER_ERROR: ${message}`), { code: 'SERVER_ERROR', cause: Object.assign(new Error(message), { status }) });

describe('serverFailureOf', () => {
  it('reads what the client threw, through Drizzle and the client library', () => {
    expect(serverFailureOf(fetchFailed('ECONNREFUSED'))).toBe('refused');
    expect(serverFailureOf(new DrizzleQueryError('select 1', [], fetchFailed('ECONNREFUSED')))).toBe('refused');
    expect(serverFailureOf(fetchFailed('UND_ERR_SOCKET'))).toBe('lost');
    expect(serverFailureOf(fetchFailed('ECONNRESET'))).toBe('lost');
    expect(serverFailureOf(httpAnswer(502, 'Server returned HTTP status 502'))).toBe('lost');
    expect(serverFailureOf(httpAnswer(503, 'Server returned HTTP status 503'))).toBe('lost');
    expect(serverFailureOf(httpAnswer(400, 'Server returned HTTP status 400: Received an invalid baton'))).toBe('rolled-back');
    expect(serverFailureOf(Object.assign(new Error('TRANSACTION_TIMEOUT: Transaction timed out'), { code: 'TRANSACTION_TIMEOUT' }))).toBe('rolled-back');
    // Answers, not absences: as on a file.
    expect(serverFailureOf(Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT' }))).toBeNull();
    expect(serverFailureOf(httpAnswer(400, 'Server returned HTTP status 400: bad request'))).toBeNull();
    expect(serverFailureOf(new Error('something else'))).toBeNull();
  });
});

describe('retryingReads', () => {
  /** A client whose execute throws the given errors in turn, then answers. */
  function flaky(errors: unknown[]): { client: Client; calls: () => number } {
    let calls = 0;
    const answer = { rows: [], columns: [] } as unknown as ResultSet;
    const client = {
      execute: async () => {
        const err = errors[calls++];
        if (err !== undefined) throw err;
        return answer;
      },
    } as unknown as Client;
    return { client, calls: () => calls };
  }

  it('tries a read again while the server is away, then answers it', async () => {
    const { client, calls } = flaky([fetchFailed('ECONNREFUSED'), fetchFailed('UND_ERR_SOCKET')]);
    await expect(retryingReads(client).execute('select 1')).resolves.toBeDefined();
    expect(calls()).toBe(3);
  });

  it('answers DatabaseUnavailableError once the tries are spent', async () => {
    const { client, calls } = flaky(Array.from({ length: 10 }, () => fetchFailed('ECONNREFUSED')));
    const err = await retryingReads(client).execute({ sql: 'select ?', args: [1] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseUnavailableError);
    expect(calls()).toBe(4);
  });

  it('never sends again a write whose answer was lost, and answers it 503', async () => {
    const { client, calls } = flaky([fetchFailed('UND_ERR_SOCKET')]);
    const err = await retryingReads(client).execute("insert into t values ('x')").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseUnavailableError);
    expect(calls()).toBe(1);
  });

  it('sends again a write that never reached the server', async () => {
    const { client, calls } = flaky([fetchFailed('ECONNREFUSED')]);
    await expect(retryingReads(client).execute("insert into t values ('x')")).resolves.toBeDefined();
    expect(calls()).toBe(2);
  });

  it('leaves an SQL error as it is', async () => {
    const sqlError = Object.assign(new Error('no such table: t'), { code: 'SQLITE_ERROR' });
    const { client, calls } = flaky([sqlError]);
    await expect(retryingReads(client).execute('select * from t')).rejects.toBe(sqlError);
    expect(calls()).toBe(1);
  });
});

describe('a database server out of reach, at both doors', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await createHarness();
    await h.addUser({ username: 'away' });
    token = await h.tokenFor('away');
    // Every signed-in request reads the caller first: that read finds the server away, as the retrying client
    // throws it.
    const away = fetchFailed('ECONNREFUSED');
    h.deps.hot.callerRow = async () => {
      throw unavailable(away);
    };
  });
  afterAll(() => h.close());

  it('answers REST 503 with Retry-After and the busy message, never 500', async () => {
    for (const path of ['/api/me', '/api/user/policies']) {
      const res = await h.request('GET', path, { token });
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(await res.json(), path).toEqual({ error: messages.serverBusy });
    }
  });

  it('answers tRPC SERVICE_UNAVAILABLE with Retry-After', async () => {
    for (const path of ['/trpc/account.me', '/trpc/policies.mine']) {
      const res = await h.request('GET', path, { token });
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      const body = (await res.json()) as { error: { message: string; data: { code: string } } };
      expect(body.error.data.code, path).toBe('SERVICE_UNAVAILABLE');
      expect(body.error.message, path).toBe(messages.serverBusy);
    }
  });

  it('logs each such answer for the operator', () => {
    expect(h.logs.filter((l) => l.msg === 'database server unavailable: answered 503').length).toBeGreaterThanOrEqual(4);
  });
});
