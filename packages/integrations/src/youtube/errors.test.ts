import { describe, expect, it } from 'vitest';
import { toYouTubeError, YouTubeError } from './errors.ts';

// Shapes of gaxios errors as google-auth-library and googleapis throw them. The real SDKs
// against the fake Google: @scrapper/testkit's fake-google/youtube.integration.test.ts.
function gaxiosError(status: number, data: unknown, message = 'Request failed'): Error {
  return Object.assign(new Error(message), { response: { status, data } });
}

describe('toYouTubeError', () => {
  it('classes Google API reasons before statuses', () => {
    const quota = toYouTubeError(
      gaxiosError(403, {
        error: { code: 403, message: 'quota', errors: [{ reason: 'quotaExceeded' }] },
      }),
    );
    expect(quota).toMatchObject({
      kind: 'quotaExceeded',
      status: 403,
      reason: 'quotaExceeded',
      retryable: false,
    });
    expect(quota.userMessage).toBe(
      'Kuota harian YouTube API untuk client ini sudah habis. Upload akan dicoba lagi setelah kuota direset.',
    );
    const rate = toYouTubeError(
      gaxiosError(403, { error: { errors: [{ reason: 'userRateLimitExceeded' }] } }),
    );
    expect(rate).toMatchObject({ kind: 'rateLimited', retryable: true });
    expect(toYouTubeError(gaxiosError(502, '<html>Bad Gateway</html>'))).toMatchObject({
      kind: 'server',
      retryable: true,
    });
    const invalid = toYouTubeError(
      gaxiosError(400, {
        error: {
          message: 'The request metadata specifies an invalid or empty video <b>title</b>.',
          errors: [{ reason: 'invalidTitle' }],
        },
      }),
    );
    expect(invalid).toMatchObject({ kind: 'other', reason: 'invalidTitle' });
    expect(invalid.userMessage).toBe(
      'YouTube menolak permintaan ini; periksa judul, deskripsi, tag dan jadwal video lalu coba lagi.',
    );
  });

  it('reads the token endpoint shape and the auth library complaints', () => {
    expect(
      toYouTubeError(
        gaxiosError(400, { error: 'invalid_grant', error_description: 'Bad Request' }),
      ),
    ).toMatchObject({
      kind: 'invalid_grant',
      reason: 'invalid_grant',
    });
    expect(toYouTubeError(gaxiosError(401, { error: 'invalid_client' })).kind).toBe('unauthorized');
    expect(toYouTubeError(new Error('No refresh token is set.')).kind).toBe('invalid_grant');
  });

  it('tells network trouble and cancellation from bugs', () => {
    const refused = Object.assign(
      new Error('request to http://x failed, reason: connect ECONNREFUSED'),
      {
        code: 'ECONNREFUSED',
      },
    );
    expect(toYouTubeError(refused)).toMatchObject({
      kind: 'network',
      retryable: true,
      status: null,
    });
    expect(toYouTubeError(Object.assign(new Error('aborted'), { name: 'AbortError' })).kind).toBe(
      'cancelled',
    );
    expect(toYouTubeError(new TypeError('x is undefined'))).toMatchObject({
      kind: 'other',
      retryable: false,
    });
    const known = new YouTubeError('forbidden', 'no');
    expect(toYouTubeError(known)).toBe(known);
  });
});
