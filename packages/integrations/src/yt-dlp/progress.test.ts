import { describe, expect, it } from 'vitest';
import { parseProgressLine, PROGRESS_TEMPLATE } from './progress.ts';

// Lines printed by Debian's yt-dlp 2023.03.04 with PROGRESS_TEMPLATE against the testkit media server.
const DIRECT_START =
  'scrapper-progress\t{"status": "downloading", "downloaded_bytes": 1024, "total_bytes": 538271, "elapsed": 0.0033974647521972656}\t"mp4"';
const DIRECT_MIDDLE =
  'scrapper-progress\t{"status": "downloading", "downloaded_bytes": 130048, "total_bytes": 2661184, "speed": 184609.7352976813, "eta": 13, "elapsed": 0.7073531150817871}\t"mp4"';
const DIRECT_DONE =
  'scrapper-progress\t{"status": "finished", "downloaded_bytes": 538271, "total_bytes": 538271, "speed": 53432234.59598135, "elapsed": 0.01007390022277832}\t"mp4"';
const HLS_FIRST_FRAGMENT =
  'scrapper-progress\t{"status": "downloading", "downloaded_bytes": 31744, "total_bytes_estimate": 325240.0, "speed": 4751239.559504692, "eta": 0, "elapsed": 0.006681203842163086, "fragment_index": 0, "fragment_count": 2}\t"1200"';
const HLS_SECOND_FRAGMENT =
  'scrapper-progress\t{"status": "downloading", "downloaded_bytes": 169788, "total_bytes_estimate": 369796.0, "speed": 1240705.3100033014, "eta": 0, "elapsed": 0.015032052993774414, "fragment_index": 1, "fragment_count": 2}\t"1200"';
const HLS_AUDIO_DONE =
  'scrapper-progress\t{"status": "finished", "downloaded_bytes": 37036, "total_bytes": 37036, "speed": 1021484.7010580444, "elapsed": 0.036257028579711914}\t"aud-English"';

describe('PROGRESS_TEMPLATE', () => {
  it('is a download template with tab-separated JSON fields', () => {
    expect(PROGRESS_TEMPLATE).toMatch(
      /^download:scrapper-progress\t%\(progress\.\{status,.*\}\)j\t%\(info\.format_id\)j$/,
    );
  });
});

describe('parseProgressLine', () => {
  it('reads a direct download with an exact size', () => {
    expect(parseProgressLine(DIRECT_MIDDLE)).toEqual({
      status: 'downloading',
      downloadedBytes: 130048,
      totalBytes: 2661184,
      totalIsEstimate: false,
      percent: (130048 / 2661184) * 100,
      speedBytesPerSec: 184609.7352976813,
      etaSecs: 13,
      fragmentIndex: undefined,
      fragmentCount: undefined,
      formatId: 'mp4',
    });
  });

  it('leaves speed and eta undefined before yt-dlp knows them', () => {
    const progress = parseProgressLine(DIRECT_START);
    expect(progress?.speedBytesPerSec).toBeUndefined();
    expect(progress?.etaSecs).toBeUndefined();
    expect(progress?.percent).toBeCloseTo((1024 / 538271) * 100, 6);
  });

  it('reports 100% when a part is finished', () => {
    expect(parseProgressLine(DIRECT_DONE)).toMatchObject({
      status: 'finished',
      percent: 100,
      totalBytes: 538271,
    });
    expect(parseProgressLine(HLS_AUDIO_DONE)).toMatchObject({
      status: 'finished',
      percent: 100,
      formatId: 'aud-English',
    });
  });

  it('reads HLS fragment progress against the estimated size', () => {
    expect(parseProgressLine(HLS_FIRST_FRAGMENT)).toMatchObject({
      downloadedBytes: 31744,
      totalBytes: 325240,
      totalIsEstimate: true,
      percent: (31744 / 325240) * 100,
      fragmentIndex: 0,
      fragmentCount: 2,
      formatId: '1200',
    });
    expect(parseProgressLine(HLS_SECOND_FRAGMENT)).toMatchObject({
      totalBytes: 369796,
      fragmentIndex: 1,
      fragmentCount: 2,
    });
  });

  it('falls back on fragments when no size is known, and caps at 100', () => {
    expect(
      parseProgressLine(
        'scrapper-progress\t{"status": "downloading", "downloaded_bytes": 10, "fragment_index": 3, "fragment_count": 4}\tNA',
      ),
    ).toMatchObject({ percent: 75, totalBytes: undefined, formatId: undefined });
    expect(
      parseProgressLine(
        'scrapper-progress\t{"status": "downloading", "downloaded_bytes": 500, "total_bytes_estimate": 400.0}\t"0"',
      ),
    ).toMatchObject({ percent: 100 });
    expect(
      parseProgressLine(
        'scrapper-progress\t{"status": "downloading", "downloaded_bytes": 500}\t"0"',
      ),
    ).toMatchObject({
      percent: undefined,
    });
  });

  it('ignores every other line yt-dlp prints', () => {
    for (const line of [
      '',
      '[generic] Extracting URL: http://127.0.0.1:38927/hls/master.m3u8',
      '[download] Destination: /tmp/yt/tmp/master.f1200.mp4',
      '[download]  45.3% of ~  1.23MiB at  500.00KiB/s ETA 00:03 (frag 3/10)',
      '[download] 100% of  525.66KiB in 00:00:00 at 10.27MiB/s',
      'scrapper-progress\tnot json\t"mp4"',
      'scrapper-progress\t["downloading"]\t"mp4"',
      'scrapper-progress\t{"status": "paused"}\t"mp4"',
      'scrapper-progress',
    ]) {
      expect(parseProgressLine(line)).toBeUndefined();
    }
  });

  it('tolerates a trailing carriage return and junk numbers', () => {
    expect(
      parseProgressLine(
        'scrapper-progress\t{"status": "downloading", "downloaded_bytes": -5, "speed": null, "eta": "3"}\t"x"\r',
      ),
    ).toMatchObject({
      downloadedBytes: 0,
      speedBytesPerSec: undefined,
      etaSecs: undefined,
      formatId: 'x',
    });
  });
});
