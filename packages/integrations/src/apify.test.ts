import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApifyError, createApify, isRetryableApifyError, parseRetryAfter } from './apify.ts';

// A few canned answers on 127.0.0.1 for what the testkit's fake Apify does not script: odd
// bodies and headers. The adapter against the fake is tested in @scrapper/testkit.
const answers: Record<string, (res: ServerResponse) => void> = {
  '/v2/users/me': (res) => {
    res.writeHead(403, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'insufficient-permissions', message: 'No access' } }));
  },
  '/v2/actor-runs/dated': (res) => {
    res.writeHead(429, {
      'content-type': 'application/json',
      'retry-after': new Date(Date.now() + 90_000).toUTCString(),
    });
    res.end(JSON.stringify({ error: { type: 'rate-limit-exceeded', message: 'Slow down' } }));
  },
  '/v2/actor-runs/html': (res) => {
    res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '12' });
    res.end('<html>Service Unavailable</html>');
  },
  '/v2/actor-runs/bad-request/abort': (res) => {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'invalid-input', message: 'Input is not valid' } }));
  },
  '/v2/logs/partial': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('first\r\nsecond\nunfinished');
  },
};

let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = answers[new URL(req.url ?? '/', 'http://x').pathname];
    if (answer) return answer(res);
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'record-not-found', message: 'Not found' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const apify = () => createApify({ token: 't', baseUrl, maxRetries: 0, timeoutSecs: 5 });

async function rejection(promise: Promise<unknown>): Promise<ApifyError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApifyError))
    throw new Error(`expected an ApifyError, got ${String(error)}`);
  return error;
}

describe('apify errors', () => {
  it('reads Retry-After given as an HTTP date', async () => {
    const error = await rejection(apify().getRun('dated'));
    expect(error).toMatchObject({ statusCode: 429, retryable: true, type: 'rate-limit-exceeded' });
    expect(error.retryAfterMs).toBeGreaterThanOrEqual(85_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(91_000);
  });

  it('keeps Retry-After and the text of a non-Apify error page', async () => {
    const error = await rejection(apify().getRun('html'));
    expect(error).toMatchObject({ statusCode: 503, retryable: true, retryAfterMs: 12000 });
    expect(error.message).toContain('Service Unavailable');
  });

  it('classes 400 and 403 as permanent, other failures by what they are', async () => {
    const badRequest = await rejection(apify().abortRun('bad-request'));
    expect(badRequest).toMatchObject({ statusCode: 400, type: 'invalid-input', retryable: false });
    expect(await apify().validateToken()).toMatchObject({ ok: false, reason: 'invalid-token' });
    expect(isRetryableApifyError(new Error('a bug'))).toBe(false);
    expect(
      isRetryableApifyError(
        Object.assign(new Error('reset'), { isAxiosError: true, code: 'ECONNRESET' }),
      ),
    ).toBe(true);
  });

  it('parses Retry-After seconds and dates, and ignores nonsense', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter(' 30 ', now)).toBe(30);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('apify log lines', () => {
  it('holds back an unfinished last line until the final read', async () => {
    expect(await apify().readNewLogLines('partial', 0)).toEqual({
      lines: ['first', 'second'],
      nextOffset: 14,
    });
    expect(await apify().readNewLogLines('partial', 14, { final: true })).toEqual({
      lines: ['unfinished'],
      nextOffset: 24,
    });
    expect(await apify().readLog('no-such-run')).toBe('');
  });
});
