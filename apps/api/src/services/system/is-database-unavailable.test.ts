import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './is-database-unavailable.ts';

const withCode = (code: string, extra: object = {}) =>
  Object.assign(new Error(code), { code }, extra);

describe('isDatabaseUnavailable', () => {
  it('knows PostgreSQL shutting down, starting up, out of connections and connection exceptions', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001', '08003']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
  });

  it("knows postgres.js's own connection errors and a refused socket thrown by the driver", () => {
    expect(isDatabaseUnavailable(withCode('CONNECTION_CLOSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('CONNECT_TIMEOUT'))).toBe(true);
    expect(
      isDatabaseUnavailable(withCode('ECONNREFUSED', { syscall: 'connect', port: 5432 })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')], 'connect'))).toBe(
      true,
    );
  });

  it("looks through drizzle's wrapper to the driver error", () => {
    const wrapped = Object.assign(new Error('Failed query: select 1'), {
      query: 'select 1',
      params: [],
      cause: withCode('ECONNREFUSED'),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    const shutdown = Object.assign(new Error('Failed query'), {
      query: 'x',
      params: [],
      cause: withCode('57P01'),
    });
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
  });

  it('leaves other errors alone: SQL mistakes, and an outside service refusing an HTTP request', () => {
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    const fetchFailed = new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') });
    expect(isDatabaseUnavailable(fetchFailed)).toBe(false);
  });
});
