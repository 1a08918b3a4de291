// The real yt-dlp (and ffmpeg for the audio extraction) through integrations' audio-lookup, on the
// media server. Here rather than in integrations for the same reason as yt-dlp.integration.test.ts:
// integrations may not depend on testkit. `ytsearch` itself needs the internet, so searches go to
// the server's `audioSearch` feed through the `searchUrlTemplate` hook.
import { downloadAudio, getAudioInfo, searchAudio } from '@scrapper/integrations/audio-lookup';
import { createFfmpeg } from '@scrapper/integrations/ffmpeg';
import { createYtDlp, YtDlpError } from '@scrapper/integrations/yt-dlp';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AUDIO_PAGE_SONG,
  AUDIO_SEARCH_RESULTS,
  startMediaServer,
  type MediaServer,
} from './media-server/start-media-server.ts';

const YTDLP = process.env['YTDLP_PATH'] ?? 'yt-dlp';
const FFMPEG = process.env['FFMPEG_PATH'] ?? 'ffmpeg';
const FFPROBE = process.env['FFPROBE_PATH'] ?? 'ffprobe';

let media: MediaServer;
let root: string;
let jobDir: string;
let jobs = 0;
/** The worker's yt-dlp as audio look-ups get it: this machine's program, private networks allowed (the media server is local). */
const ytdlp = () => createYtDlp({ binary: YTDLP, ffmpegLocation: FFMPEG, allowPrivateNetwork: true });
const lookup = () => ({ socketTimeoutSecs: 10 });

beforeAll(async () => {
  media = await startMediaServer({ ffmpeg: FFMPEG });
  root = await mkdtemp(join(tmpdir(), 'audio-lookup-integration-'));
});
afterAll(async () => {
  await media.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(async () => {
  media.clearRequests();
  jobs += 1;
  jobDir = join(root, `job-${jobs}`);
  await mkdir(jobDir);
});

async function failure(promise: Promise<unknown>): Promise<YtDlpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof YtDlpError) return error;
    throw error;
  }
  throw new Error('expected a YtDlpError');
}

describe('getAudioInfo', () => {
  it("reads a song page's title, duration and uploader without downloading it", async () => {
    const info = await getAudioInfo(ytdlp(), { url: media.urls.audioPage, ...lookup() });
    expect(info).toEqual({
      id: 'song',
      title: AUDIO_PAGE_SONG.title,
      duration_string: '5',
      uploader: AUDIO_PAGE_SONG.uploader,
      webpage_url: media.urls.audioPage,
    });
  });

  it('names a direct audio file after its URL', async () => {
    const info = await getAudioInfo(ytdlp(), { url: media.urls.audio, ...lookup() });
    expect(info).toMatchObject({ id: 'audio', title: 'audio', webpage_url: media.urls.audio });
  });
});

describe('searchAudio', () => {
  it('returns several results with titles, durations and pages', async () => {
    const results = await searchAudio(ytdlp(), { query: 'lagu santai', searchUrlTemplate: media.urls.audioSearch, ...lookup() });
    expect(results).toHaveLength(AUDIO_SEARCH_RESULTS.length);
    expect(results.slice(0, 3)).toEqual([
      expect.objectContaining({ title: 'lagu santai - Lagu 1', duration_string: '5' }),
      expect.objectContaining({ title: 'lagu santai - Lagu 2', duration_string: '1:05' }),
      expect.objectContaining({ title: 'lagu santai - Lagu 3', duration_string: '1:00:05' }),
    ]);
    for (const result of results) {
      expect(result.webpage_url).toMatch(new RegExp(`^${media.baseUrl}/media/audio\\.m4a\\?`));
      expect(result.id).toBe(result.webpage_url);
    }
    // Metadata only: the feed was read, none of the results.
    expect(media.requests.map((request) => request.path)).toEqual(['/search/audio']);
  });

  it('honours the limit', async () => {
    const results = await searchAudio(ytdlp(), { query: 'lagu', limit: 2, searchUrlTemplate: media.urls.audioSearch, ...lookup() });
    expect(results).toHaveLength(2);
  });

  it('treats a query that looks like options as text', async () => {
    const query = '--exec "touch pwned" -o /tmp/x';
    const results = await searchAudio(ytdlp(), { query, searchUrlTemplate: media.urls.audioSearch, ...lookup() });
    expect(results[0]?.title).toBe(`${query} - Lagu 1`);
    expect(media.requests[0]?.query).toContain(`q=${encodeURIComponent(query)}`);
  });
});

describe('downloadAudio', () => {
  it('keeps the audio of a song page as a file with an audio stream', async () => {
    const { path } = await downloadAudio(ytdlp(), { url: media.urls.audioPage, dir: jobDir, ...lookup() });
    expect(path.startsWith(`${jobDir}/`)).toBe(true);
    expect(await readdir(jobDir)).toEqual([path.slice(jobDir.length + 1)]);
    const probe = await createFfmpeg({ ffmpeg: FFMPEG, ffprobe: FFPROBE }).probe(path);
    expect(probe).toMatchObject({ hasAudio: true, hasVideo: false, audioCodec: 'aac' });
    expect(probe.durationSecs).toBeGreaterThan(4.5);
  });
});

describe('the URL guard', () => {
  it('refuses the local media server unless private networks are allowed', async () => {
    const guarded = { socketTimeoutSecs: 10 };
    const guardedYtDlp = () => createYtDlp({ binary: YTDLP });
    const attempts = [
      getAudioInfo(guardedYtDlp(), { url: media.urls.audioPage, ...guarded }),
      searchAudio(guardedYtDlp(), { query: 'lagu', searchUrlTemplate: media.urls.audioSearch, ...guarded }),
      downloadAudio(guardedYtDlp(), { url: media.urls.audio, dir: jobDir, ...guarded }),
    ];
    for (const attempt of attempts) {
      const error = await failure(attempt);
      expect(error.kind).toBe('permanent');
      expect(error.message).toMatch(/jaringan lokal atau privat/);
    }
    expect(media.requests).toEqual([]);
    expect(await readdir(jobDir)).toEqual([]);
  });
});
