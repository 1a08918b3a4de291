import { describe, expect, it } from 'vitest';
import { ApifyError } from './apify.ts';
import { DirectFetchError } from './direct-fetch.ts';
import { GeminiError } from './gemini/index.ts';
import { isRetryable, retryAfterMsOf, shouldRetry } from './retry.ts';
import { UrlNotAllowedError } from './url-guard.ts';
import { YouTubeError } from './youtube/index.ts';
import { YtDlpError } from './yt-dlp/errors.ts';

const notLast = { isLastAttempt: false };
const last = { isLastAttempt: true };

describe('one retry vocabulary', () => {
  it('asks each adapter error the same question', () => {
    expect(isRetryable(new YtDlpError('transient', 'timed out'))).toBe(true);
    expect(isRetryable(new YtDlpError('permanent', 'unsupported URL'))).toBe(false);
    expect(isRetryable(new YtDlpError('needs-cookies', 'login'))).toBe(false);
    expect(isRetryable(new YtDlpError('outdated', 'yt-dlp -U'))).toBe(false);
    expect(isRetryable(new YtDlpError('cancelled', 'stopped'))).toBe(false);
    expect(isRetryable(new DirectFetchError('transient', 'reset'))).toBe(true);
    expect(isRetryable(new DirectFetchError('permanent', '404', { status: 404 }))).toBe(false);
    expect(isRetryable(new UrlNotAllowedError('blocked-address', 'private'))).toBe(false);
    expect(isRetryable(new YouTubeError('server', '503'))).toBe(true);
    expect(isRetryable(new YouTubeError('forbidden', '403'))).toBe(false);
    expect(isRetryable(new GeminiError('server', '500'))).toBe(true);
    expect(isRetryable(new GeminiError('other', 'bad'))).toBe(false);
    expect(isRetryable(new ApifyError('503', { statusCode: 503, retryable: true }))).toBe(true);
    expect(isRetryable(new ApifyError('token', { statusCode: 401, retryable: false }))).toBe(false);
  });

  it('treats our own trouble (a database or storage blip) as worth another attempt', () => {
    expect(isRetryable(new Error('connection terminated unexpectedly'))).toBe(true);
    expect(isRetryable(Object.assign(new Error('ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isRetryable('a string')).toBe(true);
  });

  it('never retries on the last attempt', () => {
    expect(shouldRetry(new Error('blip'), notLast)).toBe(true);
    expect(shouldRetry(new Error('blip'), last)).toBe(false);
    expect(shouldRetry(new YtDlpError('permanent', 'no'), notLast)).toBe(false);
  });

  it('reads how long the service asked us to wait', () => {
    expect(retryAfterMsOf({ retryable: true, retryAfterMs: 1500 })).toBe(1500);
    expect(retryAfterMsOf(new ApifyError('429', { statusCode: 429, retryable: true, retryAfterMs: 17_000 }))).toBe(17_000);
    expect(retryAfterMsOf({ retryable: true, retryAfterMs: -1 })).toBeUndefined();
    expect(retryAfterMsOf(new Error('x'))).toBeUndefined();
  });
});
