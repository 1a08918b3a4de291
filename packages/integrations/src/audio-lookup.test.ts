// audio-lookup's own parts against a stand-in yt-dlp (a small node script that records how it was
// run and prints a scripted answer). The real yt-dlp on the testkit media server runs in testkit's
// audio-lookup.integration.test.ts.
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  formatDurationString,
  getAudioInfo,
  normalizeQuery,
  searchAudio,
  searchTarget,
  toSearchResults,
} from './audio-lookup.ts';
import { createYtDlp, YtDlpError } from './yt-dlp/index.ts';

interface Recording {
  argv: string[];
  cwd: string;
  home: string;
  homeEntries: string[];
}

const FAKE_SOURCE =
  `#!${process.execPath}\n` +
  String.raw`
const fs = require('node:fs');
const path = require('node:path');
// Asked for its version (once per program file): too old for --js-runtimes, like Debian's.
if (process.argv.includes('--version')) { process.stdout.write('2023.03.04\n'); process.exit(0); }
const here = path.dirname(process.argv[1]);
const script = JSON.parse(fs.readFileSync(path.join(here, 'script.json'), 'utf8'));
fs.writeFileSync(path.join(here, 'recording.json'), JSON.stringify({
  argv: process.argv.slice(2), cwd: process.cwd(), home: process.env.HOME,
  homeEntries: fs.readdirSync(process.env.HOME),
}));
if (script.stdout) process.stdout.write(script.stdout);
if (script.stderr) process.stderr.write(script.stderr);
process.exit(script.exitCode || 0);
`;

let fakeDir: string;
let tempRoot: string;
let runs = 0;
const binary = () => join(fakeDir, 'yt-dlp');

beforeAll(async () => {
  fakeDir = await mkdtemp(join(tmpdir(), 'fake-yt-dlp-audio-'));
  await writeFile(binary(), FAKE_SOURCE);
  await chmod(binary(), 0o755);
});
afterAll(async () => {
  await rm(fakeDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await rm(join(fakeDir, 'recording.json'), { force: true });
  runs += 1;
  tempRoot = join(fakeDir, `temp-${runs}`);
  await mkdir(tempRoot);
});

async function script(answer: { stdout?: string; stderr?: string; exitCode?: number }) {
  await writeFile(join(fakeDir, 'script.json'), JSON.stringify(answer));
}

async function recording(): Promise<Recording> {
  return JSON.parse(await readFile(join(fakeDir, 'recording.json'), 'utf8')) as Recording;
}

async function failure(promise: Promise<unknown>): Promise<YtDlpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof YtDlpError) return error;
    throw error;
  }
  throw new Error('expected a YtDlpError');
}

const YOUTUBE_SEARCH = JSON.stringify({
  _type: 'playlist',
  id: 'lofi',
  entries: [
    {
      _type: 'url',
      ie_key: 'Youtube',
      id: 'abc123',
      url: 'https://www.youtube.com/watch?v=abc123',
      title: 'Lofi beat',
      duration: 185,
      channel: 'Beats',
    },
    {
      _type: 'url',
      id: 'def456',
      url: 'https://www.youtube.com/watch?v=def456',
      title: 'Long mix',
      duration: 3725.4,
      duration_string: '1:02:05',
      uploader: 'Mixer',
    },
    { _type: 'url', id: 'local', url: 'file:///etc/passwd', title: 'not a page' },
  ],
});

describe('formatDurationString', () => {
  it.each([
    [0, '0'],
    [5.9, '5'],
    [59, '59'],
    [60, '1:00'],
    [185, '3:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725.4, '1:02:05'],
    [90061, '25:01:01'],
  ])('%d s -> %s, as yt-dlp writes it', (seconds, expected) => {
    expect(formatDurationString(seconds)).toBe(expected);
  });
});

describe('normalizeQuery and searchTarget', () => {
  it('trims and collapses whitespace, refusing empty and very long queries', () => {
    expect(normalizeQuery('  lofi \n  beats\t')).toBe('lofi beats');
    expect(() => normalizeQuery(' \n\t ')).toThrow('Kata kunci pencarian tidak boleh kosong.');
    expect(() => normalizeQuery('x'.repeat(201))).toThrow(/terlalu panjang/);
  });

  it('puts the query inside ytsearchN: or URL-encoded into the template', () => {
    expect(searchTarget('--exec rm', 5)).toBe('ytsearch5:--exec rm');
    expect(searchTarget('a&b=c d', 3, 'http://search.test/s?q={query}&n={limit}')).toBe(
      'http://search.test/s?q=a%26b%3Dc%20d&n=3',
    );
    expect(() => searchTarget('x', 3, 'http://search.test/s')).toThrow(YtDlpError);
  });
});

describe('toSearchResults', () => {
  it('keeps entries with an http(s) page, filling the duration string and uploader', () => {
    expect(toSearchResults(JSON.parse(YOUTUBE_SEARCH), 10)).toEqual([
      {
        id: 'abc123',
        title: 'Lofi beat',
        duration_string: '3:05',
        uploader: 'Beats',
        webpage_url: 'https://www.youtube.com/watch?v=abc123',
      },
      {
        id: 'def456',
        title: 'Long mix',
        duration_string: '1:02:05',
        uploader: 'Mixer',
        webpage_url: 'https://www.youtube.com/watch?v=def456',
      },
    ]);
  });

  it('takes a single video as one result and cuts to the limit', () => {
    const single = { id: 'x', title: 'X', webpage_url: 'https://example.com/x' };
    expect(toSearchResults(single, 5)).toEqual([
      {
        id: 'x',
        title: 'X',
        duration_string: null,
        uploader: null,
        webpage_url: 'https://example.com/x',
      },
    ]);
    expect(toSearchResults(JSON.parse(YOUTUBE_SEARCH), 1)).toHaveLength(1);
  });
});

describe('searchAudio', () => {
  it('runs a flat, metadata-only ytsearch with the query after --, in an empty HOME', async () => {
    await script({ stdout: YOUTUBE_SEARCH });
    const results = await searchAudio(createYtDlp({ binary: binary(), tempRoot }), { query: '  --exec  rm -rf ~ ', limit: 50 });
    expect(results.map((result) => result.id)).toEqual(['abc123', 'def456']);
    const { argv, cwd, home, homeEntries } = await recording();
    expect(argv.slice(-2)).toEqual(['--', 'ytsearch20:--exec rm -rf ~']);
    expect(argv).toEqual(
      expect.arrayContaining(['--ignore-config', '--no-exec', '--flat-playlist', '-J']),
    );
    expect(argv.slice(argv.indexOf('--playlist-end'), argv.indexOf('--playlist-end') + 2)).toEqual([
      '--playlist-end',
      '20',
    ]);
    expect(argv).not.toContain('--no-playlist');
    expect(cwd).toBe(home);
    expect(homeEntries).toEqual([]);
    // The per-run HOME is gone afterwards.
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('defaults to 10 results', async () => {
    await script({ stdout: YOUTUBE_SEARCH });
    await searchAudio(createYtDlp({ binary: binary(), tempRoot }), { query: 'lofi' });
    expect((await recording()).argv.at(-1)).toBe('ytsearch10:lofi');
  });

  it('refuses an empty query without running yt-dlp', async () => {
    const error = await failure(searchAudio(createYtDlp({ binary: binary(), tempRoot }), { query: '   ' }));
    expect(error.kind).toBe('permanent');
    await expect(recording()).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a template on a private address unless allowed', async () => {
    await script({ stdout: YOUTUBE_SEARCH });
    const template = 'http://127.0.0.1:9/search?q={query}';
    const error = await failure(
      searchAudio(createYtDlp({ binary: binary(), tempRoot }), { query: 'lofi', searchUrlTemplate: template }),
    );
    expect(error.message).toMatch(/jaringan lokal atau privat/);
    await expect(recording()).rejects.toMatchObject({ code: 'ENOENT' });

    await searchAudio(createYtDlp({ allowPrivateNetwork: true, binary: binary(), tempRoot }), { query: 'lo fi', searchUrlTemplate: template });
    expect((await recording()).argv.slice(-2)).toEqual([
      '--',
      'http://127.0.0.1:9/search?q=lo%20fi',
    ]);
  });

  it("turns yt-dlp's failure into a classified YtDlpError", async () => {
    await script({
      stderr: 'ERROR: [youtube:search] lofi: HTTP Error 503: Unavailable\n',
      exitCode: 1,
    });
    const error = await failure(searchAudio(createYtDlp({ binary: binary(), tempRoot }), { query: 'lofi' }));
    expect(error.kind).toBe('transient');
    await script({ stdout: 'not json' });
    expect((await failure(searchAudio(createYtDlp({ binary: binary(), tempRoot }), { query: 'x' }))).kind).toBe(
      'permanent',
    );
  });

  it('does not start when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      searchAudio(createYtDlp({ binary: binary(), tempRoot }), { query: 'lofi', signal: controller.signal }),
    );
    expect(error.kind).toBe('cancelled');
  });
});

describe('getAudioInfo', () => {
  it('reads metadata only, without a playlist, and formats the duration', async () => {
    await script({
      stdout: JSON.stringify({
        id: 'abc123',
        title: 'Lofi beat',
        duration: 185,
        uploader: 'Beats',
        webpage_url: 'https://www.youtube.com/watch?v=abc123',
        formats: [],
      }),
    });
    const info = await getAudioInfo(createYtDlp({ binary: binary(), tempRoot, resolveHost: async () => [{ address: '142.250.1.1', family: 4 }] }), { url: 'https://www.youtube.com/watch?v=abc123' });
    expect(info).toEqual({
      id: 'abc123',
      title: 'Lofi beat',
      duration_string: '3:05',
      uploader: 'Beats',
      webpage_url: 'https://www.youtube.com/watch?v=abc123',
    });
    const { argv } = await recording();
    expect(argv).toEqual(expect.arrayContaining(['--no-playlist', '-J', '--ignore-config']));
    expect(argv.slice(-2)).toEqual(['--', 'https://www.youtube.com/watch?v=abc123']);
  });

  it('refuses a host that resolves to a private address', async () => {
    const error = await failure(
      getAudioInfo(createYtDlp({ binary: binary(), tempRoot, resolveHost: async () => [{ address: '10.0.0.5', family: 4 }] }), { url: 'https://songs.example/track' }),
    );
    expect(error.message).toMatch(/jaringan lokal atau privat/);
    await expect(recording()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
