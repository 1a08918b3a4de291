// The adapter's process handling against a stand-in yt-dlp (a small node script that records how it
// was run and plays a scripted part). The real yt-dlp runs in testkit's yt-dlp.integration.test.ts.
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  classifyYtDlpFailure,
  createYtDlp,
  extractorOrderArgs,
  formatForQuality,
  YtDlpError,
  ytDlpReason,
  type YtDlpOptions,
  proxiedOnly,
} from './yt-dlp/index.ts';

interface FakeScript {
  exitCode?: number;
  stderr?: string;
  stdoutLines?: string[];
  /** Create `<outputDir>/<name>` with this many bytes and print the result record. */
  produce?: { name: string; bytes: number; title?: string; skipFile?: boolean };
  /** Create a partial file in the staging folder (temp path) before anything else. */
  partial?: boolean;
  sleepMs?: number;
  ignoreTerm?: boolean;
}

interface Recording {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  homeEntries: string[];
  cookieMode: string | undefined;
  cookieText: string | undefined;
}

// Plain CommonJS run by this very node binary: the node on PATH may be a wrapper process, and
// the cancel test needs the stand-in itself to ignore SIGTERM.
const FAKE_SOURCE =
  `#!${process.execPath}\n` +
  String.raw`
const fs = require('node:fs');
const path = require('node:path');
const here = path.dirname(process.argv[1]);
const script = JSON.parse(fs.readFileSync(path.join(here, 'script.json'), 'utf8'));
const argv = process.argv.slice(2);
// Asked for its version (the adapter does, once per program file): like Debian's yt-dlp, too old
// for --js-runtimes, so the runs below get none.
if (argv.includes('--version')) { process.stdout.write('2023.03.04\n'); process.exit(0); }
const valueAfter = (flag, prefix = '') => {
  for (let i = 0; i < argv.length - 1; i++) if (argv[i] === flag && argv[i + 1].startsWith(prefix)) return argv[i + 1].slice(prefix.length);
  return undefined;
};
const cookieFile = valueAfter('--cookies');
fs.writeFileSync(path.join(here, 'recording.json'), JSON.stringify({
  argv, cwd: process.cwd(), env: process.env, homeEntries: fs.readdirSync(process.env.HOME),
  cookieMode: cookieFile ? (fs.statSync(cookieFile).mode & 0o777).toString(8) : undefined,
  cookieText: cookieFile ? fs.readFileSync(cookieFile, 'utf8') : undefined,
}));
if (script.ignoreTerm) process.on('SIGTERM', () => {});
const home = valueAfter('-P', 'home:');
const temp = valueAfter('-P', 'temp:');
if (script.partial) fs.writeFileSync(path.join(temp, 'video.mp4.part'), 'partial');
for (const line of script.stdoutLines || []) process.stdout.write(line + '\n');
const finish = () => {
  if (script.produce) {
    const file = path.join(home, script.produce.name);
    if (!script.produce.skipFile) fs.writeFileSync(file, Buffer.alloc(script.produce.bytes));
    const resultFile = argv[argv.indexOf('--print-to-file') + 2].replaceAll('%%', '%');
    fs.writeFileSync(resultFile, JSON.stringify({ id: 'video', title: script.produce.title, ext: path.extname(file).slice(1), filepath: file, duration: 8, height: 720 }) + '\n');
  }
  if (script.stderr) process.stderr.write(script.stderr);
  process.exit(script.exitCode || 0);
};
if (script.sleepMs) setTimeout(finish, script.sleepMs); else finish();
`;

let fakeDir: string;
let work: string;

beforeAll(async () => {
  fakeDir = await mkdtemp(join(tmpdir(), 'fake-yt-dlp-'));
  await writeFile(join(fakeDir, 'yt-dlp'), FAKE_SOURCE);
  await chmod(join(fakeDir, 'yt-dlp'), 0o755);
});
afterAll(async () => {
  await rm(fakeDir, { recursive: true, force: true });
});
afterEach(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

async function setUp(script: FakeScript, options: Partial<YtDlpOptions> = {}) {
  work = await mkdtemp(join(tmpdir(), 'yt-dlp-test-'));
  await writeFile(join(fakeDir, 'script.json'), JSON.stringify(script));
  await rm(join(fakeDir, 'recording.json'), { force: true });
  const tempRoot = join(work, 'temp-root');
  const outputDir = join(work, 'job');
  await mkdir(tempRoot);
  const ytDlp = createYtDlp({
    binary: join(fakeDir, 'yt-dlp'),
    allowPrivateNetwork: true,
    tempRoot,
    ...options,
  });
  const recording = async (): Promise<Recording> =>
    JSON.parse(await readFile(join(fakeDir, 'recording.json'), 'utf8')) as Recording;
  return { ytDlp, tempRoot, outputDir, recording };
}

const request = (outputDir: string) => ({
  url: 'https://example.com/watch?v=1',
  outputDir,
  format: formatForQuality('720p'),
  maxFilesizeBytes: 10_000_000,
  socketTimeoutSecs: 7,
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

describe('formatForQuality', () => {
  it('maps each quality to a selector, preferring by the short side for capped video', () => {
    expect(formatForQuality('best')).toEqual({
      selector: 'bv*+ba/b',
      sort: undefined,
      mergeOutputFormat: 'mp4',
      extractAudio: undefined,
    });
    expect(formatForQuality('1080p')).toMatchObject({ sort: 'res:1080', mergeOutputFormat: 'mp4' });
    expect(formatForQuality('720p')).toMatchObject({ sort: 'res:720', mergeOutputFormat: 'mp4' });
    expect(formatForQuality('audio-only')).toEqual({
      selector: 'ba[ext=m4a]/ba/b',
      sort: undefined,
      mergeOutputFormat: undefined,
      extractAudio: 'm4a',
    });
  });
});

describe('proxiedOnly', () => {
  it('wraps a selector so the protocol filter covers every alternative', () => {
    expect(proxiedOnly('bv*+ba/b')).toBe("(bv*+ba/b)[protocol~='^(https?|m3u8(_native)?|http_dash_segments(_generator)?|f4m|ism)$']");
    expect(proxiedOnly("best[format_note*=')']/(worst)")).toContain("(best[format_note*=')']/(worst))[protocol~=");
  });

  it.each(['best)/(worst', 'best)[protocol=rtmp]/(best', '(best', "best[format_note='x]", ')('])(
    'refuses %s, which would close the group early',
    (selector) => {
      expect(() => proxiedOnly(selector)).toThrow(/tanda kurung tidak seimbang/);
    },
  );
});

describe('extractorOrderArgs', () => {
  it.each([
    ['https://www.tiktok.com/@kreator/video/7234567890123456789', 'tiktok.*,vm\\.tiktok,default'],
    ['https://vm.tiktok.com/ZMabc123/', 'tiktok.*,vm\\.tiktok,default'],
    ['https://www.douyin.com/video/7234567890123456789', 'douyin,default'],
    ['https://www.iesdouyin.com/share/video/7234567890123456789/', 'douyin,default'],
    ['https://www.youtube.com/shorts/abcdefghijk', 'youtube.*,default'],
    ['https://youtu.be/abcdefghijk', 'youtube.*,default'],
    ['https://www.instagram.com/reel/Cx1abcdEF/', 'instagram.*,default'],
    ['https://www.facebook.com/reel/123456789012345', 'facebook.*,default'],
    ['https://fb.watch/abcDEF/', 'facebook.*,default'],
    ['https://cdn.example.com/v/clip.mp4?sig=1', 'generic,default'],
    ['http://127.0.0.1:4000/hls/master.m3u8', 'generic,default'],
  ])('puts the likely extractors of %s first, leaving none out', (url, order) => {
    expect(extractorOrderArgs(url)).toEqual(['--use-extractors', order]);
  });

  it.each([
    'https://vimeo.com/123456',
    'https://example.com/watch?v=1',
    'https://nottiktok.com/x',
    'not a url',
  ])("keeps yt-dlp's own order for %s", (url) => {
    expect(extractorOrderArgs(url)).toEqual([]);
  });
});

describe('ytDlpReason and classifyYtDlpFailure', () => {
  // Real stderr of Debian's yt-dlp 2023.03.04 and messages of its extractors.
  const http = (status: string) =>
    `ERROR: [generic] None: Unable to download webpage: HTTP Error ${status} (caused by <HTTPError ${status.split(':')[0]}: '${status.split(': ')[1] ?? ''}'>); please report this issue on  https://github.com/yt-dlp/yt-dlp/issues?q= , filling out the appropriate issue template. Confirm you are on the latest version using  yt-dlp -U\n`;

  it('keeps only the readable reason', () => {
    expect(ytDlpReason(http('404: Not Found'))).toBe(
      'Unable to download webpage: HTTP Error 404: Not Found',
    );
    expect(
      ytDlpReason(
        'WARNING: [generic] Falling back on generic information extractor\nERROR: timed out\n',
      ),
    ).toBe('timed out');
    expect(ytDlpReason('ERROR: Unsupported URL: https://example.com/\n')).toBe(
      'Unsupported URL: https://example.com/',
    );
    expect(ytDlpReason('')).toBeUndefined();
  });

  it.each([
    [http('404: Not Found'), 'permanent'],
    [http('410: Gone'), 'permanent'],
    ['ERROR: Unsupported URL: https://example.com/page\n', 'permanent'],
    [
      'ERROR: [youtube] abc: Video unavailable. This video has been removed by the uploader\n',
      'permanent',
    ],
    [http('503: Service Unavailable'), 'transient'],
    [http('429: Too Many Requests'), 'transient'],
    ['ERROR: timed out\n', 'transient'],
    [
      'ERROR: [generic] x: Unable to download webpage: <urlopen error [Errno -3] Temporary failure in name resolution>\n',
      'transient',
    ],
    [
      'ERROR: [download] Got error: Connection reset by peer. Giving up after 3 retries\n',
      'transient',
    ],
    ['ERROR: unable to download video data: HTTP Error 403: Forbidden\n', 'transient'],
    ['ERROR: fragment 1 not found, unable to continue\n', 'transient'],
    [http('403: Forbidden'), 'needs-cookies'],
    [http('401: Unauthorized'), 'needs-cookies'],
    [
      "ERROR: [youtube] dQw4w9WgXcQ: Sign in to confirm you're not a bot. This helps protect our community. Learn more\n",
      'needs-cookies',
    ],
    [
      'ERROR: [Instagram] Cx1: Requested content is not available, rate-limit reached or login required. Use --cookies, --cookies-from-browser, --username and --password, --netrc-cmd, or --netrc (instagram) to provide account credentials\n',
      'needs-cookies',
    ],
    [
      'ERROR: [Douyin] 7123: Fresh cookies (not necessarily logged in) are needed\n',
      'needs-cookies',
    ],
    [
      'ERROR: [TikTok] 7123: This post may not be comfortable for some audiences. Log in for access\n',
      'needs-cookies',
    ],
  ])('%s -> %s', (stderr, kind) => {
    const error = classifyYtDlpFailure(1, stderr);
    expect(error.kind).toBe(kind);
    expect(error.needsCookies).toBe(kind === 'needs-cookies');
    expect(error.exitCode).toBe(1);
  });

  const REPORT_TAIL =
    '; please report this issue on  https://github.com/yt-dlp/yt-dlp/issues?q= , filling out the appropriate issue template. Confirm you are on the latest version using  yt-dlp -U';
  it.each([
    // An unexpected extractor error: the site changed under yt-dlp.
    `ERROR: [TikTok] 7301: Unable to extract universal data for rehydration${REPORT_TAIL}\n`,
    `ERROR: [Instagram] Cx1: 'NoneType' object is not subscriptable${REPORT_TAIL}\n`,
    'ERROR: [youtube] abc: Unable to extract yt initial data; please report this issue\n',
    'ERROR: [youtube] abc: Signature extraction failed: Some formats may be missing\n',
    'ERROR: [youtube] abc: nsig extraction failed: You may experience throttling for some formats\n',
    'ERROR: This version of yt-dlp is too old for this site; update yt-dlp\n',
    // YouTube since 2025.11 without a JS runtime: formats go missing, then the format is not there.
    'WARNING: [youtube] No supported JavaScript runtime could be found. Only deno is enabled by default; to use another runtime add --js-runtimes RUNTIME[:PATH] to your command/config. YouTube extraction without a JS runtime has been deprecated, and some formats may be missing.\n' +
      'ERROR: [youtube] abc: Requested format is not available. Use --list-formats for a list of available formats\n',
    'WARNING: [youtube] abc: n challenge solving failed: Some formats may be missing.\nERROR: [youtube] abc: Requested format is not available. Use --list-formats for a list of available formats\n',
  ])("yt-dlp's out-of-date words are 'outdated' (an update helps, a retry does not): %s", (stderr) => {
    const error = classifyYtDlpFailure(1, stderr);
    expect(error).toMatchObject({ kind: 'outdated', needsCookies: false, isOutdated: true, retryable: false });
    // The member-facing reason loses the bug-report tail.
    expect(error.message).not.toMatch(/please report/i);
  });

  it.each([
    ['ERROR: Unsupported URL: https://example.com/page\n', 'permanent'],
    [`ERROR: [generic] Unsupported URL: https://example.com/x${REPORT_TAIL}\n`, 'permanent'],
    // An admin's preview format that matches nothing, without any warning about lost formats.
    ['ERROR: [generic] clip: Requested format is not available. Use --list-formats for a list of available formats\n', 'permanent'],
    // Old yt-dlp appends the tail to HTTP answers too: they are the site's answer.
    [`ERROR: [generic] None: Unable to download webpage: HTTP Error 404: Not Found${REPORT_TAIL}\n`, 'permanent'],
    [`ERROR: [generic] None: Unable to download webpage: HTTP Error 503: Service Unavailable${REPORT_TAIL}\n`, 'transient'],
    [`ERROR: [youtube] abc: Sign in to confirm you're not a bot. Use --cookies-from-browser or --cookies${REPORT_TAIL}\n`, 'needs-cookies'],
  ])('not outdated: %s -> %s', (stderr, kind) => {
    expect(classifyYtDlpFailure(1, stderr).kind).toBe(kind);
  });

  it.each([
    // http: the proxy's answer to the absolute-form request (a redirect target, a media URL).
    "ERROR: [generic] None: Unable to download webpage: HTTP Error 403: Blocked by URL guard: 127.0.0.1 is loopback (caused by <HTTPError 403: 'Blocked by URL guard: 127.0.0.1 is loopback'>)\n",
    'ERROR: unable to download video data: HTTP Error 403: Blocked by URL guard: 127.0.0.1 is loopback\n',
    // https: the refused CONNECT.
    "ERROR: [generic] None: Unable to download webpage: <urlopen error Tunnel connection failed: 403 Blocked by URL guard: 127.0.0.1 is loopback> (caused by URLError(OSError('Tunnel connection failed: 403 Blocked by URL guard: 127.0.0.1 is loopback')))\n",
    // HLS: the refusals come first, the final error names only the fragment.
    '[download] Got error: HTTP Error 403: Blocked by URL guard: 127.0.0.1 is loopback\nERROR: fragment 1 not found, unable to continue\n',
  ])('a refusal of the guard proxy is permanent, never a login wall nor a retry: %s', (stderr) => {
    const error = classifyYtDlpFailure(1, stderr);
    expect(error).toMatchObject({ kind: 'permanent', needsCookies: false, exitCode: 1 });
    expect(error.message).toBe(
      'yt-dlp diarahkan ke alamat yang tidak diizinkan: Alamat 127.0.0.1 berada di jaringan lokal atau privat (loopback); unduhan ke alamat seperti itu tidak diizinkan.',
    );
  });

  it('names the host and its address when a name was refused', () => {
    const error = classifyYtDlpFailure(
      1,
      'ERROR: unable to download video data: HTTP Error 403: Blocked by URL guard: cdn.internal.example (10.0.0.5) is private\n',
    );
    expect(error.message).toBe(
      'yt-dlp diarahkan ke alamat yang tidak diizinkan: Host cdn.internal.example (10.0.0.5) berada di jaringan lokal atau privat (private); unduhan ke alamat seperti itu tidak diizinkan.',
    );
  });

  it('treats exit code 2 (bad options) as a permanent bug', () => {
    const error = classifyYtDlpFailure(
      2,
      'Usage: yt-dlp [OPTIONS] URL [URL...]\n\nyt-dlp: error: no such option: --bogus\n',
    );
    expect(error.kind).toBe('permanent');
    expect(error.message).toBe('yt-dlp menolak opsinya: yt-dlp: error: no such option: --bogus');
  });
});

describe('createYtDlp with a stand-in program', () => {
  it('runs with a safe argument list, an empty HOME as working directory and no inherited secrets', async () => {
    const { ytDlp, outputDir, recording } = await setUp({
      produce: { name: 'video.mp4', bytes: 1000, title: 'Hai' },
    });
    process.env['SCRAPPER_TEST_SECRET'] = 'do-not-leak';
    let result;
    try {
      result = await ytDlp.download(request(outputDir));
    } finally {
      delete process.env['SCRAPPER_TEST_SECRET'];
    }
    const { argv, cwd, env, homeEntries } = await recording();
    expect(argv.slice(-2)).toEqual(['--', 'https://example.com/watch?v=1']);
    for (const flag of [
      '--ignore-config',
      '--no-playlist',
      '--no-exec',
      '--newline',
      '--no-cache-dir',
    ]) {
      expect(argv).toContain(flag);
    }
    for (const flag of [
      '--exec',
      '--netrc-cmd',
      '--batch-file',
      '--load-info-json',
      '--plugin-dirs',
      '--config-locations',
      '--enable-file-urls',
      '--cookies',
    ]) {
      expect(argv).not.toContain(flag);
    }
    const pair = (flag: string) => argv[argv.indexOf(flag) + 1];
    expect(pair('--max-filesize')).toBe('10000000');
    expect(pair('--socket-timeout')).toBe('7');
    expect(pair('-o')).toBe('%(id)s.%(ext)s');
    expect(pair('-S')).toBe('res:720');
    expect(pair('--merge-output-format')).toBe('mp4');
    expect(argv).toContain(`home:${outputDir}`);
    expect(env['HOME']).toBe(cwd);
    expect(homeEntries).toEqual([]);
    expect(env['SCRAPPER_TEST_SECRET']).toBeUndefined();
    expect(env['PATH']).toBeTruthy();
    expect(result).toMatchObject({
      filePath: join(outputDir, 'video.mp4'),
      ext: 'mp4',
      title: 'Hai',
      sizeBytes: 1000,
      info: { id: 'video', durationSecs: 8, height: 720 },
    });
    expect(await readdir(outputDir)).toEqual(['video.mp4']);
  });

  it('sends every request through the guard proxy it is given, and only proxied protocols', async () => {
    const { ytDlp, outputDir, recording } = await setUp(
      { produce: { name: 'video.mp4', bytes: 10 } },
      {
        allowPrivateNetwork: false,
        proxyUrl: 'http://127.0.0.1:3128',
        resolveHost: async () => [{ address: '93.184.216.34', family: 4 }],
      },
    );
    process.env['no_proxy'] = '10.0.0.0/8,localhost';
    process.env['HTTPS_PROXY'] = 'http://egress.example:8080';
    try {
      await ytDlp.download(request(outputDir));
    } finally {
      delete process.env['no_proxy'];
      delete process.env['HTTPS_PROXY'];
    }
    const { argv, env } = await recording();
    const pair = (flag: string) => argv[argv.indexOf(flag) + 1];
    expect(pair('--proxy')).toBe('http://127.0.0.1:3128');
    expect(pair('-f')).toBe(
      "(bv*+ba/b)[protocol~='^(https?|m3u8(_native)?|http_dash_segments(_generator)?|f4m|ism)$']",
    );
    // ffmpeg and anything else yt-dlp starts: the same proxy, and no way around it.
    for (const name of ['http_proxy', 'https_proxy', 'HTTP_PROXY', 'HTTPS_PROXY']) {
      expect(env[name]).toBe('http://127.0.0.1:3128');
    }
    expect(env['no_proxy']).toBeUndefined();
    expect(env['NO_PROXY']).toBeUndefined();
  });

  it('uses the shared guard proxy when given none and private networks are not allowed', async () => {
    const { ytDlp, outputDir, recording } = await setUp(
      { produce: { name: 'video.mp4', bytes: 10 } },
      {
        allowPrivateNetwork: false,
        resolveHost: async () => [{ address: '93.184.216.34', family: 4 }],
      },
    );
    await ytDlp.download(request(outputDir));
    const { argv, env } = await recording();
    expect(argv[argv.indexOf('--proxy') + 1]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(env['http_proxy']).toBe(argv[argv.indexOf('--proxy') + 1]);
  });

  it('runs without a proxy when private networks are allowed (tests, the demo)', async () => {
    const { ytDlp, outputDir, recording } = await setUp({
      produce: { name: 'video.mp4', bytes: 10 },
    });
    await ytDlp.download(request(outputDir));
    const { argv } = await recording();
    expect(argv).not.toContain('--proxy');
    expect(argv[argv.indexOf('-f') + 1]).toBe('bv*+ba/b');
  });

  it('hands cookies over in a 0600 Netscape file that is gone afterwards, even on failure', async () => {
    const { ytDlp, outputDir, tempRoot, recording } = await setUp({
      exitCode: 1,
      stderr: 'ERROR: timed out\n',
    });
    const cookiesText = '.example.com\tTRUE\t/\tTRUE\t0\tsid\tabc\r\n';
    const error = await failure(ytDlp.download({ ...request(outputDir), cookiesText }));
    expect(error.kind).toBe('transient');
    const { argv, cookieMode, cookieText } = await recording();
    expect(argv).toContain('--cookies');
    expect(cookieMode).toBe('600');
    expect(cookieText).toBe(
      '# Netscape HTTP Cookie File\n.example.com\tTRUE\t/\tTRUE\t0\tsid\tabc\n',
    );
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('leaves the job folder as it was when yt-dlp fails', async () => {
    const { ytDlp, outputDir } = await setUp({
      partial: true,
      produce: { name: 'video.mp4', bytes: 10 },
      exitCode: 1,
      stderr: 'ERROR: Postprocessing: Conversion failed!\n',
    });
    await mkdir(outputDir);
    await writeFile(join(outputDir, 'keep.txt'), 'mine');
    const error = await failure(ytDlp.download(request(outputDir)));
    expect(error).toMatchObject({
      kind: 'permanent',
      message: 'Postprocessing: Conversion failed!',
    });
    expect(await readdir(outputDir)).toEqual(['keep.txt']);
  });

  it('refuses a file with an extension that is not media', async () => {
    const { ytDlp, outputDir } = await setUp({ produce: { name: 'video.sh', bytes: 10 } });
    const error = await failure(ytDlp.download(request(outputDir)));
    expect(error).toMatchObject({
      kind: 'permanent',
      message: 'Jenis file hasil unduhan tidak didukung: .sh',
    });
    expect(await readdir(outputDir)).toEqual([]);
  });

  it('stops a download that grows past the limit without a Content-Length (HLS)', async () => {
    const line = (bytes: number) =>
      `scrapper-progress\t{"status": "downloading", "downloaded_bytes": ${bytes}, "fragment_index": 1, "fragment_count": 9}\t"720p"`;
    const { ytDlp, outputDir } = await setUp({
      stdoutLines: [line(400), line(2000)],
      sleepMs: 20_000,
    });
    const started = Date.now();
    const error = await failure(ytDlp.download({ ...request(outputDir), maxFilesizeBytes: 1000 }));
    expect(error).toMatchObject({
      kind: 'permanent',
      message: 'Ukuran file melebihi batas 1000 byte.',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports progress over both parts of a merged download', async () => {
    const line = (format: string, status: string, bytes: number) =>
      `scrapper-progress\t{"status": "${status}", "downloaded_bytes": ${bytes}, "total_bytes": 100}\t"${format}"`;
    const { ytDlp, outputDir } = await setUp({
      stdoutLines: [
        '[info] video: Downloading 1 format(s): 1200+aud-English',
        line('1200', 'downloading', 50),
        line('1200', 'finished', 100),
        line('aud-English', 'downloading', 50),
      ],
      produce: { name: 'video.mp4', bytes: 10 },
    });
    const seen: (number | undefined)[] = [];
    await ytDlp.download({
      ...request(outputDir),
      onProgress: (progress) => seen.push(progress.overallPercent),
    });
    expect(seen).toEqual([25, 50, 75]);
  });

  it('kills the process group on cancel, with SIGKILL when SIGTERM is ignored', async () => {
    const { ytDlp, outputDir } = await setUp(
      { partial: true, sleepMs: 30_000, ignoreTerm: true },
      { killGraceMs: 200 },
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const error = await failure(
      ytDlp.download({ ...request(outputDir), signal: controller.signal }),
    );
    expect(error.kind).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await readdir(outputDir)).toEqual([]);
  });

  it('refuses private addresses before starting anything', async () => {
    const { ytDlp, outputDir } = await setUp({}, { allowPrivateNetwork: false });
    const error = await failure(
      ytDlp.download({ ...request(outputDir), url: 'http://169.254.169.254/latest/' }),
    );
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(/jaringan lokal atau privat/);
    await expect(readFile(join(fakeDir, 'recording.json'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('notices when yt-dlp reports a merged file it could not make without ffmpeg', async () => {
    const { ytDlp, outputDir } = await setUp({
      produce: { name: 'video.mp4', bytes: 10, skipFile: true },
      stderr:
        "WARNING: You have requested merging of multiple formats but ffmpeg is not installed. The formats won't be merged.\n",
    });
    const error = await failure(ytDlp.download(request(outputDir)));
    expect(error).toMatchObject({
      kind: 'permanent',
      message: 'yt-dlp tidak menemukan ffmpeg untuk menggabungkan video dan audio.',
    });
  });

  it('reports a missing program as a transient failure (the managed copy may still be installing) and cleans up', async () => {
    const { outputDir, tempRoot } = await setUp({});
    const missing = createYtDlp({
      binary: join(fakeDir, 'no-such-yt-dlp'),
      allowPrivateNetwork: true,
      tempRoot,
    });
    const error = await failure(missing.download(request(outputDir)));
    expect(error.kind).toBe('transient');
    expect(error.message).toMatch(/^yt-dlp belum tersedia di worker ini .*spawn .*ENOENT/);
  });

  it('reports a program that cannot be run as a permanent failure', async () => {
    const { outputDir, tempRoot } = await setUp({});
    const notExecutable = join(fakeDir, 'not-executable-yt-dlp');
    await writeFile(notExecutable, 'not a program', { mode: 0o644 });
    const broken = createYtDlp({ binary: notExecutable, allowPrivateNetwork: true, tempRoot });
    const error = await failure(broken.download(request(outputDir)));
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(/^yt-dlp tidak dapat dijalankan: spawn .*EACCES/);
    expect(await readdir(tempRoot)).toEqual([]);
    expect(await readdir(tempRoot)).toEqual([]);
    expect(await readdir(outputDir)).toEqual([]);
  });

  it('treats a run that ends without a file as a permanent failure', async () => {
    const { ytDlp, outputDir } = await setUp({
      stdoutLines: [
        '[download] File is larger than max-filesize (538271 bytes > 102400 bytes). Aborting.',
      ],
    });
    const error = await failure(ytDlp.download(request(outputDir)));
    expect(error).toMatchObject({
      kind: 'permanent',
      message: 'Ukuran file melebihi batas 10000000 byte.',
    });
  });
});
