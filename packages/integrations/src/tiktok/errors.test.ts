import { describe, expect, it } from 'vitest';
import { PublishError } from '../publish-error.ts';
import { parseTikTokJson } from './api.ts';
import {
  tiktokErrorFieldsOf,
  tiktokErrorFromAnswer,
  tiktokFailedPostError,
  tiktokNetworkError,
  tiktokUploadError,
} from './errors.ts';

function apiError(code: string, message = 'msg', logId = '202611290101010000ABC') {
  return { data: {}, error: { code, message, log_id: logId } };
}

describe('tiktokErrorFromAnswer', () => {
  it.each([
    [
      'unaudited_client_can_only_post_to_private_accounts',
      403,
      /akun TikTok yang privat.*Hanya saya/,
    ],
    ['spam_risk_too_many_posts', 403, /batas posting harian.*Coba lagi besok/],
    ['spam_risk_too_many_pending_share', 403, /5 draf.*Selesaikan atau hapus draf/],
    ['privacy_level_option_mismatch', 400, /pilih salah satu privasi yang ditawarkan/],
    ['reached_active_user_cap', 403, /5 akun sehari.*audit/],
  ])('says what to do for %s (not retryable, no reconnect)', (code, status, sentence) => {
    const error = tiktokErrorFromAnswer(
      status,
      apiError(code, 'TikTok words', 'LOG1'),
      'TikTok init',
    );
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({
      platform: 'tiktok',
      status,
      code,
      retryable: false,
      reconnect: false,
    });
    expect(error.userMessage).toMatch(sentence);
    expect(error.detail).toBe(
      `TikTok init: HTTP ${status}, code ${code}, TikTok words, log_id LOG1`,
    );
  });

  it.each(['access_token_invalid', 'scope_not_authorized'])('asks to reconnect for %s', (code) => {
    const error = tiktokErrorFromAnswer(401, apiError(code), 'TikTok creator info');
    expect(error).toMatchObject({ code, reconnect: true, retryable: false, status: 401 });
    expect(error.userMessage).toMatch(/Hubungkan ulang akun TikTok/);
  });

  it('retries rate limits, server errors and unknown 5xx bodies', () => {
    expect(tiktokErrorFromAnswer(429, apiError('rate_limit_exceeded'), 'x')).toMatchObject({
      retryable: true,
      reconnect: false,
      code: 'rate_limit_exceeded',
    });
    expect(tiktokErrorFromAnswer(429, undefined, 'x')).toMatchObject({
      retryable: true,
      code: null,
    });
    const server = tiktokErrorFromAnswer(503, { raw: '<html>busy</html>' }, 'TikTok status fetch');
    expect(server).toMatchObject({ retryable: true, status: 503 });
    expect(server.userMessage).toMatch(/error server/);
    expect(tiktokErrorFromAnswer(500, apiError('internal_error'), 'x').retryable).toBe(true);
  });

  it('reads the token endpoint shape: invalid_grant means reconnect', () => {
    const body = {
      error: 'invalid_grant',
      error_description: 'Refresh token is invalid or expired.',
      log_id: 'L2',
    };
    expect(tiktokErrorFieldsOf(body)).toEqual({
      code: 'invalid_grant',
      message: 'Refresh token is invalid or expired.',
      logId: 'L2',
    });
    const error = tiktokErrorFromAnswer(400, body, 'TikTok token refresh');
    expect(error).toMatchObject({ code: 'invalid_grant', reconnect: true, retryable: false });
    expect(error.detail).toContain('Refresh token is invalid or expired.');
    expect(tiktokErrorFromAnswer(401, { error: 'invalid_client' }, 'x').userMessage).toMatch(
      /Admin/,
    );
  });

  it('treats `ok` as no error, and unknown codes with a generic sentence', () => {
    expect(tiktokErrorFieldsOf({ data: {}, error: { code: 'ok', message: '' } })).toBeUndefined();
    const error = tiktokErrorFromAnswer(400, apiError('something_new'), 'x');
    expect(error).toMatchObject({ code: 'something_new', retryable: false, reconnect: false });
    expect(error.userMessage).toMatch(/tunjukkan Detail ke admin/);
  });
});

describe('other TikTok failures', () => {
  it('network trouble is retryable, with the system code in the detail', () => {
    const cause = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    const error = tiktokNetworkError('TikTok status fetch', cause);
    expect(error).toMatchObject({ status: null, retryable: true, code: null });
    expect(error.detail).toBe('TikTok status fetch: fetch failed (ECONNREFUSED)');
    expect(error.userMessage).toMatch(/gangguan jaringan/);
  });

  it('a chunk out of order (416) is resumable; an expired upload URL is not', () => {
    expect(tiktokUploadError(416, apiError('invalid_params'), 'chunk 2/3')).toMatchObject({
      retryable: true,
      status: 416,
    });
    expect(tiktokUploadError(404, apiError('not_found'), 'chunk 2/3').retryable).toBe(false);
  });

  it('FAILED posts say why', () => {
    const error = tiktokFailedPostError('duration_check_failed', 'v_pub_file~1');
    expect(error.userMessage).toMatch(/Durasi video/);
    expect(error.detail).toContain('duration_check_failed');
    expect(tiktokFailedPostError('auth_removed', 'p').reconnect).toBe(true);
  });
});

describe('parseTikTokJson', () => {
  it('keeps the int64 post ids exact as strings', () => {
    const text =
      '{"data":{"status":"PUBLISH_COMPLETE","publicaly_available_post_id":[7346239542154643739, 7000000000000000001],"uploaded_bytes":5}}';
    expect(parseTikTokJson(text)).toEqual({
      data: {
        status: 'PUBLISH_COMPLETE',
        publicaly_available_post_id: ['7346239542154643739', '7000000000000000001'],
        uploaded_bytes: 5,
      },
    });
    expect(parseTikTokJson('{"publicaly_available_post_id":[]}')).toEqual({
      publicaly_available_post_id: [],
    });
    expect(parseTikTokJson('<html>')).toEqual({ raw: '<html>' });
  });
});
