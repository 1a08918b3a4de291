// The adapter reorders yt-dlp's extractors (extractorOrderArgs) to save the CPU of matching a URL
// against all of them. A reordering must not change which extractor a URL gets: checked here with
// the installed yt-dlp, which names its extractor before it makes any request. Every request goes
// to a closed port, so nothing leaves the machine and the runs end at once.
import { extractorOrderArgs, runYtDlp } from '@scrapper/integrations/yt-dlp';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from './media-server/start-media-server.ts';

const YTDLP = process.env['YTDLP_PATH'] ?? 'yt-dlp';

let root: string;
let closedPortProxy: string;
let media: MediaServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'yt-dlp-extractor-order-'));
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 1;
  await new Promise((resolve) => probe.close(resolve));
  closedPortProxy = `http://127.0.0.1:${port}`;
  media = await startMediaServer();
});
afterAll(async () => {
  await media.close();
  await rm(root, { recursive: true, force: true });
});

/** The extractor yt-dlp picks for a URL: the tag of its first "Extracting URL" line. */
async function extractorFor(url: string, order: string[]): Promise<string | undefined> {
  const home = await mkdtemp(join(root, 'home-'));
  const lines: string[] = [];
  const outcome = await runYtDlp({
    binary: YTDLP,
    // prettier-ignore
    args: [
      '--ignore-config', '--no-cache-dir', '--proxy', closedPortProxy, '--simulate',
      '--socket-timeout', '2', '--retries', '0', '--extractor-retries', '0', ...order, '--', url,
    ],
    home,
    signal: AbortSignal.timeout(30_000),
    killGraceMs: 500,
    onStdoutLine: (line) => lines.push(line),
  });
  const all = `${lines.join('\n')}\n${outcome.stderr}`;
  return /^\[([^\]]+)\] Extracting URL/m.exec(all)?.[1];
}

describe('extractor order', () => {
  it.each([
    'https://www.tiktok.com/@kreator/video/7234567890123456789',
    'https://vm.tiktok.com/ZMabc123/',
    'https://www.douyin.com/video/7234567890123456789',
    'https://www.youtube.com/shorts/abcdefghijk',
    'https://youtu.be/abcdefghijk',
    'https://www.instagram.com/reel/Cx1abcdEF/',
    'https://www.facebook.com/reel/123456789012345',
    'https://fb.watch/abcDEF/',
    'https://cdn.example.com/v/clip.mp4',
  ])('picks the same extractor for %s', async (url) => {
    const order = extractorOrderArgs(url);
    expect(order).not.toEqual([]);
    const usual = await extractorFor(url, []);
    expect(usual).toBeDefined();
    expect(await extractorFor(url, order)).toBe(usual);
  });

  it('still downloads a direct file from the media server with the generic extractor first', async () => {
    const order = extractorOrderArgs(media.urls.clip3s);
    expect(order).toEqual(['--use-extractors', 'generic,default']);
    const home = await mkdtemp(join(root, 'home-'));
    const outcome = await runYtDlp({
      binary: YTDLP,
      args: [
        '--ignore-config',
        '--no-cache-dir',
        ...order,
        '-o',
        join(home, 'clip.%(ext)s'),
        '--',
        media.urls.clip3s,
      ],
      home,
      signal: AbortSignal.timeout(60_000),
      killGraceMs: 500,
      onStdoutLine: () => undefined,
    });
    expect(outcome.exitCode).toBe(0);
    expect(media.requests.some((r) => r.path === '/media/clip-3s.mp4' && r.completed)).toBe(true);
  });
});
