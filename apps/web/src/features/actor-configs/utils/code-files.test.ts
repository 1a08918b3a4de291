import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import { CODE_KEYS } from '@scrapper/contracts/http/codegen';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { codeFileName, generateErrorMessage, prettyConfig } from './code-files.ts';

describe('code generator files', () => {
  it('names each download {platformId}_{codeKey}.js', () => {
    expect(codeFileName('tiktok', 'dataParser')).toBe('tiktok_dataParser.js');
    expect(codeFileName('youtube_copy', 'videoList')).toBe('youtube_copy_videoList.js');
  });

  it('offers the six files in the spec order', () => {
    expect(CODE_KEYS).toEqual([
      'dataParser',
      'scrapeWorker',
      'ytdlpService',
      'previewController',
      'downloaderPage',
      'videoList',
    ]);
    expect(CODE_KEYS.map((key) => codeFileName('douyin', key))).toEqual([
      'douyin_dataParser.js',
      'douyin_scrapeWorker.js',
      'douyin_ytdlpService.js',
      'douyin_previewController.js',
      'douyin_downloaderPage.js',
      'douyin_videoList.js',
    ]);
  });

  it('shows the configuration as indented JSON that reads back to the same config', () => {
    const actor = ActorConfigSchema.parse({
      platformId: 'tiktok',
      displayName: 'TikTok',
      actorId: 'clockworks/tiktok-scraper',
    });
    const text = prettyConfig(actor);
    expect(text.split('\n')[1]).toBe('  "platformId": "tiktok",');
    expect(JSON.parse(text)).toEqual(actor);
  });

  it("puts the server's reason, or the client's, after 'Gagal menghasilkan kode: '", () => {
    const server = new ApiError({
      kind: 'http',
      status: 400,
      message: 'Permintaan gagal (HTTP 400).',
      serverMessage: 'Actor ID wajib diisi.',
    });
    expect(generateErrorMessage(server)).toBe('Gagal menghasilkan kode: Actor ID wajib diisi.');
    const missing = new ApiError({
      kind: 'http',
      status: 404,
      message: 'Permintaan gagal (HTTP 404).',
    });
    expect(generateErrorMessage(missing)).toBe(
      'Gagal menghasilkan kode: Permintaan gagal (HTTP 404).',
    );
    expect(generateErrorMessage('?')).toBe('Gagal menghasilkan kode: kesalahan tidak dikenal');
  });
});
