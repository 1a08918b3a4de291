import { describe, expect, it } from 'vitest';
import { isPublishError } from '../publish-error.ts';
import { containerError, graphError, metaNetworkError, metaResponseError } from './errors.ts';

function graph(code: number, subcode?: number, status = 400) {
  return metaResponseError('instagram', status, {
    error: {
      message: `message ${code}`,
      type: 'OAuthException',
      code,
      ...(subcode === undefined ? {} : { error_subcode: subcode }),
      fbtrace_id: 'Atrace1',
    },
  });
}

describe('Meta errors as PublishError', () => {
  it('asks to reconnect on code 190, saying why for 463 and 460', () => {
    const expired = graph(190, 463);
    expect(expired).toMatchObject({
      platform: 'instagram',
      reconnect: true,
      retryable: false,
      code: '190',
      subcode: 463,
    });
    expect(expired.userMessage).toMatch(/kedaluwarsa.*Hubungkan ulang/);
    expect(graph(190, 460).userMessage).toMatch(/Kata sandi Facebook/);
    expect(graph(190).reconnect).toBe(true);
  });

  it('asks to reconnect with every permission on codes 10 and 200', () => {
    for (const code of [10, 200]) {
      expect(graph(code)).toMatchObject({ reconnect: true, retryable: false });
      expect(graph(code).userMessage).toMatch(/Izin Instagram/);
    }
  });

  it('retries rate limits 4, 17, 32 and 613', () => {
    for (const code of [4, 17, 32, 613]) {
      expect(graph(code)).toMatchObject({ retryable: true, reconnect: false });
      expect(graph(code).userMessage).toMatch(/Terlalu banyak permintaan/);
    }
  });

  it('retries a container not ready yet (9007 / 2207027)', () => {
    expect(graph(9007, 2207027)).toMatchObject({ retryable: true, subcode: 2207027 });
    expect(graph(9007, 2207027).userMessage).toMatch(/masih diproses/);
  });

  it('does not retry the daily limit (9 / 2207042), for Instagram and for Pages', () => {
    expect(graph(9, 2207042)).toMatchObject({ retryable: false, reconnect: false });
    expect(graph(9, 2207042).userMessage).toMatch(/batas posting/);
    const page = metaResponseError('facebook', 400, { error: { message: 'limit', code: 9 } });
    expect(page.userMessage).toMatch(/30 Reels/);
    expect(page.retryable).toBe(false);
  });

  it('names documented 2207xxx causes in plain sentences', () => {
    expect(graph(-1, 2207082).userMessage).toMatch(
      /audio ditambahkan pada video yang tidak memiliki suara/,
    );
    expect(graph(352, 2207026).userMessage).toMatch(/Format video/);
    expect(graph(-2, 2207020).userMessage).toMatch(/kedaluwarsa/);
    expect(graph(-1, 2207001).retryable).toBe(true);
    expect(graph(4, 2207051).userMessage).toMatch(/spam/);
  });

  it('retries 5xx and transient answers, and network trouble', () => {
    expect(graph(2, undefined, 503)).toMatchObject({ retryable: true, status: 503 });
    expect(metaResponseError('facebook', 502, '<html>Bad Gateway</html>')).toMatchObject({
      retryable: true,
    });
    const network = metaNetworkError('facebook', new TypeError('fetch failed'));
    expect(network).toMatchObject({ retryable: true, status: null });
    expect(network.userMessage).toMatch(/gangguan jaringan/);
  });

  it("keeps Meta's words, codes and fbtrace_id in detail", () => {
    const error = graph(9007, 2207027);
    expect(error.detail).toBe(
      'message 9007 (code 9007, subcode 2207027, fbtrace_id Atrace1, HTTP 400)',
    );
    expect(isPublishError(error)).toBe(true);
  });

  it("reads rupload's debug_info: 401 reconnects, retriable retries", () => {
    const auth = metaResponseError('facebook', 401, {
      debug_info: {
        retriable: false,
        type: 'AuthorizationError',
        message: 'Invalid OAuth access token.',
      },
    });
    expect(auth).toMatchObject({ reconnect: true, retryable: false, code: 'AuthorizationError' });
    const busy = metaResponseError('facebook', 503, {
      debug_info: { retriable: true, type: 'ProcessingFailedError', message: 'busy' },
    });
    expect(busy).toMatchObject({ retryable: true, reconnect: false });
  });

  it('turns an ERROR or EXPIRED container into a sentence', () => {
    expect(
      containerError('ERROR', 'Error: Media upload has failed with error code 2207082', 2207082)
        .userMessage,
    ).toMatch(/audio/);
    expect(containerError('EXPIRED', 'Expired', null)).toMatchObject({ subcode: 2207020 });
    expect(containerError('ERROR', 'Error: something new', null).userMessage).toMatch(
      /gagal memproses/,
    );
  });

  it('has a fallback for codes it does not know', () => {
    const unknown = graphError('facebook', 400, { message: 'odd', code: 12345 });
    expect(unknown).toMatchObject({ retryable: false, reconnect: false });
    expect(unknown.userMessage).toMatch(/Facebook menolak permintaan ini/);
  });
});
