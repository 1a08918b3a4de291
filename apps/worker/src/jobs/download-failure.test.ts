import { describe, expect, it } from 'vitest';
import { YtDlpError } from '@scrapper/integrations/yt-dlp';
import { UrlNotAllowedError } from '@scrapper/integrations/url-guard';
import { describeDownloadFailure, NEEDS_COOKIES_MESSAGE, YTDLP_OUTDATED_MESSAGE } from './download-failure.ts';

describe('describeDownloadFailure', () => {
  it('says what happened in Indonesian and keeps yt-dlp’s words as the detail', () => {
    expect(describeDownloadFailure(new YtDlpError('permanent', 'Unable to download webpage: HTTP Error 404: Not Found'))).toEqual({
      message: expect.stringContaining('Video tidak ditemukan'),
      detail: 'Unable to download webpage: HTTP Error 404: Not Found',
    });
    expect(describeDownloadFailure(new YtDlpError('permanent', 'Unsupported URL: https://a.test/')).message).toMatch(/tidak berisi video/);
    expect(describeDownloadFailure(new YtDlpError('needs-cookies', 'Sign in to confirm you’re not a bot'))).toEqual({
      message: NEEDS_COOKIES_MESSAGE,
      detail: 'Sign in to confirm you’re not a bot',
    });
    expect(describeDownloadFailure(new YtDlpError('outdated', 'Unable to extract universal data')).message).toBe(YTDLP_OUTDATED_MESSAGE);
    expect(describeDownloadFailure(new YtDlpError('transient', 'HTTP Error 503: Service Unavailable')).message).toMatch(/Coba lagi beberapa saat/);
    expect(describeDownloadFailure(new YtDlpError('permanent', 'something odd'))).toEqual({ message: expect.stringContaining('Detail'), detail: 'something odd' });
  });
  it('passes our own sentences through without a detail', () => {
    const refused = new UrlNotAllowedError('blocked-address', 'Alamat 10.0.0.1 berada di jaringan privat.');
    expect(describeDownloadFailure(refused)).toEqual({ message: refused.message, detail: null });
    expect(describeDownloadFailure(new YtDlpError('permanent', 'Ukuran file melebihi batas 10 byte.')).detail).toBeNull();
  });
});
