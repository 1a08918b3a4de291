// Argument injection into yt-dlp and ffmpeg. Three kinds of proof: the argv our adapters build
// (recorded by a stand-in program) never lets a user value be read as an option; the real
// programs, given option-looking values where ours put them, take none of them as options (a
// marker file that `--exec touch` would make never appears); and no product code starts a shell.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAudioInfo, searchAudio } from './audio-lookup.ts';
import { createFfmpeg, FfmpegError } from './ffmpeg.ts';
import { renderEffectPreview, renderVideo, type VideoEffect } from './video-effects.ts';
import { createYtDlp, formatForQuality, runYtDlp, YtDlpError } from './yt-dlp/index.ts';

const YTDLP = process.env['YTDLP_PATH'] ?? 'yt-dlp';
const FFMPEG = process.env['FFMPEG_PATH'] ?? 'ffmpeg';
const FFPROBE = process.env['FFPROBE_PATH'] ?? 'ffprobe';
const REPO = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Options that must never reach yt-dlp from anywhere (ARCHITECTURE.md, outside-services.md). */
const FORBIDDEN_OPTIONS = [
  '--exec',
  '--exec-before-download',
  '--netrc-cmd',
  '--batch-file',
  '-a',
  '--load-info-json',
  '--plugin-dirs',
  '--config-location',
  '--config-locations',
  '--enable-file-urls',
];

let root: string;
let marker: string;
let clip: string;
let server: Server;
let base: string;
let recorder: string;
let recorded: string;
let injectionCases = 0;

const hostileTitle = () => `--exec touch ${marker}`;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'arg-injection-'));
  marker = join(root, 'PWNED');
  clip = join(root, 'clip.mp4');
  // prettier-ignore
  await promisify(execFile)(FFMPEG, [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=2',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', clip,
  ]);
  const bytes = await readFile(clip);
  // A page whose title (and og:title) is an option and a path, over the clip; and the clip under
  // file names that look like options or paths.
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/page.html') {
      const title = hostileTitle().replaceAll('"', '&quot;');
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><head>
<title>${title}</title><meta property="og:title" content="../../../../tmp/${title}">
<meta property="og:video" content="/media/clip.mp4"></head>
<body><video src="/media/clip.mp4"></video></body></html>`);
      return;
    }
    if (path.endsWith('.mp4')) {
      res.writeHead(200, {
        'content-type': 'video/mp4',
        'content-length': bytes.length,
        'content-disposition': `attachment; filename="../../${hostileTitle()}.mp4"`,
      });
      res.end(bytes);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A stand-in for yt-dlp that writes its argv (NUL-separated) and exits 0.
  recorded = join(root, 'argv.bin');
  recorder = join(root, 'record-argv.sh');
  await writeFile(recorder, `#!/bin/sh\nprintf '%s\\0' "$@" >> '${recorded}'\nprintf '\\n' >> '${recorded}'\n`);
  await chmod(recorder, 0o755);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

/**
 * Each recorded run's argv, oldest first; the record is cleared. The adapters' one-time question
 * for the program's version (`--ignore-config --version`, for the JS runtime gate) carries no
 * user value and is left out.
 */
async function takeRecorded(): Promise<string[][]> {
  const text = existsSync(recorded) ? await readFile(recorded, 'utf8') : '';
  await rm(recorded, { force: true });
  return text
    .split('\n')
    .filter((run) => run !== '')
    .map((run) => run.split('\0').slice(0, -1))
    .filter((argv) => argv.join(' ') !== '--ignore-config --version');
}

/** The argv rules: config ignored, no exec, no forbidden option, the user value alone after `--`. */
function expectSafeArgv(argv: string[], userValue: string): void {
  expect(argv).toContain('--ignore-config');
  expect(argv).toContain('--no-exec');
  const end = argv.indexOf('--');
  expect(end, argv.join(' ')).toBe(argv.length - 2);
  expect(argv[end + 1]).toBe(userValue);
  for (const option of argv.slice(0, end)) {
    expect(FORBIDDEN_OPTIONS.some((bad) => option === bad || option.startsWith(`${bad}=`)), option).toBe(false);
    // The user value appears nowhere among the options.
    expect(option.includes(userValue) && userValue.length > 8, option).toBe(false);
  }
}

describe('argv our adapters build', () => {
  const optionLookingUrls = () => [
    `${base}/--exec=touch%20${encodeURIComponent(marker)}.mp4`,
    `${base}/x.mp4?--exec=touch+${encodeURIComponent(marker)}`,
    `${base}/-o/etc/x.mp4`,
    `${base}/--config-location=/etc/passwd`,
    `${base}/--batch-file=/etc/passwd#--exec=id`,
    `${base}/a.mp4#-o%25(title)s`,
  ];

  it('yt-dlp download and probe: `--` then the URL, last; --ignore-config and --no-exec; nothing forbidden', async () => {
    const ytdlp = createYtDlp({ binary: recorder, allowPrivateNetwork: true, tempRoot: root });
    for (const url of optionLookingUrls()) {
      const outputDir = join(root, 'out-recorded');
      await ytdlp
        .download({ url, outputDir, format: formatForQuality('720p'), maxFilesizeBytes: 1000, socketTimeoutSecs: 5, cookiesText: `--exec touch ${marker}\n` })
        .catch(() => undefined);
      await ytdlp.probe({ url, socketTimeoutSecs: 5 }).catch(() => undefined);
      const runs = await takeRecorded();
      expect(runs).toHaveLength(2);
      for (const argv of runs) {
        expectSafeArgv(argv, url);
        // The output template is ours, never the title or the URL's name.
        const template = argv[argv.indexOf('-o') + 1];
        if (argv.includes('-o')) expect(template).toBe('%(id)s.%(ext)s');
        // The cookie text went into a file, never into argv.
        if (argv.includes('--cookies')) expect(argv[argv.indexOf('--cookies') + 1]).toMatch(/^\/.*cookies\.txt$/);
      }
      injectionCases++;
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('audio search and audio info: the query and URL only after `--` (the query inside ytsearchN:)', async () => {
    for (const query of [`--exec touch ${marker}`, '-o /etc/x', '--batch-file /etc/passwd', '-']) {
      await searchAudio(createYtDlp({ binary: recorder, allowPrivateNetwork: true, tempRoot: root }), { query }).catch(() => undefined);
      const [argv] = await takeRecorded();
      expect(argv).toBeDefined();
      const target = (argv ?? []).at(-1) ?? '';
      expect(target.startsWith('ytsearch')).toBe(true);
      expectSafeArgv(argv ?? [], target);
      injectionCases++;
    }
    const url = `${base}/--exec=touch.mp4`;
    await getAudioInfo(createYtDlp({ binary: recorder, allowPrivateNetwork: true, tempRoot: root }), { url }).catch(() => undefined);
    const [argv] = await takeRecorded();
    expectSafeArgv(argv ?? [], url);
    injectionCases++;
  });

  it('control characters in a URL or a search never reach argv raw (a NUL would make spawn throw)', async () => {
    const ytdlp = createYtDlp({ binary: recorder, allowPrivateNetwork: true, tempRoot: root });
    for (const url of [`${base}/a\u0000b.mp4`, `${base}/a\nb.mp4`, `${base}/a\tb.mp4`, `${base}/a\rb.mp4`]) {
      await ytdlp.probe({ url, socketTimeoutSecs: 5 }).catch(() => undefined);
      const [argv] = await takeRecorded();
      const sent = (argv ?? []).at(-1) ?? '';
      // eslint-disable-next-line no-control-regex
      expect(sent, JSON.stringify(url)).not.toMatch(/[\u0000-\u001f]/);
      expect(sent, JSON.stringify(url)).toBe(new URL(url).href);
      injectionCases++;
    }
    await searchAudio(createYtDlp({ binary: recorder, allowPrivateNetwork: true, tempRoot: root }), { query: 'lagu\u0000--exec\ttouch' }).catch(() => undefined);
    const [argv] = await takeRecorded();
    expect((argv ?? []).at(-1)).toBe('ytsearch10:lagu --exec touch');
    injectionCases++;
    // Whatever else carries one (an admin's format string): a permanent YtDlpError, not a crash.
    const error = await runYtDlp({
      binary: recorder,
      args: ['-f', 'best\u0000', '--', base],
      home: root,
      signal: new AbortController().signal,
      killGraceMs: 100,
      onStdoutLine: () => undefined,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(YtDlpError);
    expect((error as YtDlpError).kind).toBe('permanent');
    injectionCases++;
  });

  it('values that are not URLs never start yt-dlp at all', async () => {
    const ytdlp = createYtDlp({ binary: recorder, allowPrivateNetwork: true, tempRoot: root });
    for (const url of [`--exec=touch ${marker}`, '-o/etc/x', '--config-location=/etc/passwd', '--batch-file=/etc/passwd', '-', '--', `file://${marker}`]) {
      const error = await ytdlp.probe({ url, socketTimeoutSecs: 5 }).catch((caught: unknown) => caught);
      expect(error, url).toBeInstanceOf(YtDlpError);
      injectionCases++;
    }
    expect(await takeRecorded()).toEqual([]);
  });
});

describe('the real yt-dlp', () => {
  // One case per test: each is a real yt-dlp run (a Python start-up), and eight in one test
  // outgrew the 30 s budget on a loaded 2-core machine.
  it.each([
    ['--exec=touch MARKER'],
    ['--exec-before-download=touch MARKER'],
    ['-oOUTSIDE'],
    ['--config-location=EVIL_CONFIG'],
    ['--batch-file=BATCH'],
    ['-aBATCH'],
    ['--load-info-json=BATCH'],
    ['--enable-file-urls'],
  ])('takes the option-looking value %s after `--` as a URL: no exec, no output path, no config, no batch file', async (template) => {
    const evilConfig = join(root, 'evil.conf');
    await writeFile(evilConfig, `--exec "touch ${marker}"\n`);
    const batch = join(root, 'batch.txt');
    await writeFile(batch, `${base}/media/clip.mp4\n`);
    const outside = join(root, 'outside.mp4');
    const value = template
      .replace('MARKER', marker)
      .replace('OUTSIDE', outside)
      .replace('EVIL_CONFIG', evilConfig)
      .replace('BATCH', batch);
    const home = await mkdtemp(join(root, 'home-'));
    const outcome = await runYtDlp({
      binary: YTDLP,
      args: ['--ignore-config', '--no-exec', '--no-playlist', '-P', home, '-o', '%(id)s.%(ext)s', '--', value],
      home,
      signal: AbortSignal.timeout(30_000),
      killGraceMs: 500,
      onStdoutLine: () => undefined,
    });
    expect(outcome.exitCode, value).not.toBe(0);
    expect(outcome.stderr, value).toMatch(/is not a valid URL|Unsupported URL|No such file/);
    expect(await readdir(home), value).toEqual([]);
    expect(existsSync(marker), value).toBe(false);
    expect(existsSync(outside), value).toBe(false);
    injectionCases++;
  });

  it('ignores config files in HOME and the working folder (--ignore-config); without it they would run', async () => {
    const home = await mkdtemp(join(root, 'home-config-'));
    await mkdir(join(home, '.config', 'yt-dlp'), { recursive: true });
    const exec = `--exec "touch ${marker}"\n`;
    await writeFile(join(home, '.config', 'yt-dlp', 'config'), exec);
    await writeFile(join(home, 'yt-dlp.conf'), exec);
    const run = (args: string[]) =>
      runYtDlp({
        binary: YTDLP,
        args: [...args, '--no-playlist', '-P', home, '-o', 'dl.%(ext)s', '--', `${base}/media/clip.mp4`],
        home,
        signal: AbortSignal.timeout(30_000),
        killGraceMs: 500,
        onStdoutLine: () => undefined,
      });
    const guarded = await run(['--ignore-config']);
    expect(guarded.exitCode, guarded.stderr).toBe(0);
    expect(existsSync(marker)).toBe(false);
    // The control: the same config does take effect when not ignored, so the check above means something.
    await rm(join(home, 'dl.mp4'), { force: true });
    const unguarded = await run([]);
    expect(unguarded.exitCode, unguarded.stderr).toBe(0);
    expect(existsSync(marker)).toBe(true);
    await rm(marker, { force: true });
    injectionCases++;
  });

  it('a hostile title or file name becomes neither an option nor a path: the file lands in the job folder', async () => {
    const ytdlp = createYtDlp({ binary: YTDLP, allowPrivateNetwork: true, tempRoot: root, killGraceMs: 500 });
    const urls = [
      `${base}/page.html`,
      `${base}/${encodeURIComponent(`--exec touch ${marker}`)}.mp4`,
      `${base}/..%2F..%2F..%2Ftmp%2Fevil.mp4`,
      `${base}/-o.mp4`,
      `${base}/${'ä'.repeat(160)}.mp4`,
    ];
    for (const url of urls) {
      const outputDir = join(root, `titled-${urls.indexOf(url)}`);
      const result = await ytdlp.download({
        url,
        outputDir,
        format: formatForQuality('best'),
        maxFilesizeBytes: 10_000_000,
        socketTimeoutSecs: 10,
      });
      expect(dirname(result.filePath), url).toBe(outputDir);
      const inside = relative(outputDir, result.filePath);
      expect(inside.includes(sep), url).toBe(false);
      expect(await readdir(outputDir), url).toEqual([inside]);
      // --restrict-filenames: ASCII without spaces or slashes; --trim-filenames keeps it short.
      expect(inside, url).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(inside.length, url).toBeLessThanOrEqual(130);
      expect(existsSync(marker), url).toBe(false);
      injectionCases++;
    }
    const page = await ytdlp.probe({ url: `${base}/page.html`, socketTimeoutSecs: 10 });
    // The title stays what it is: metadata, shown to people, never run.
    expect(page.title).toContain('--exec touch');
    expect(existsSync(join('/tmp', hostileTitle()))).toBe(false);
  }, 60_000);
});

describe('ffmpeg', () => {
  const ffmpeg = createFfmpeg({ ffmpeg: FFMPEG, ffprobe: FFPROBE });

  it('refuses effect names that are not ours, whatever they carry, before starting ffmpeg', async () => {
    const output = join(root, 'effect-out.mp4');
    for (const effect of [
      'none,drawtext=text=x',
      "grayscale[v];movie=/etc/passwd[x]",
      'blur\';sendcmd=f=/etc/passwd',
      '-vf',
      '__proto__',
      'toString',
      'constructor',
      '',
    ]) {
      const error = await renderVideo({ input: clip, output, effect: effect as VideoEffect, ffmpeg: FFMPEG, ffprobe: FFPROBE }).catch((caught: unknown) => caught);
      expect(error, effect).toBeInstanceOf(FfmpegError);
      expect((error as FfmpegError).message, effect).toMatch(/Efek video tidak dikenal/);
      const preview = await renderEffectPreview({ input: clip, output, effect: effect as VideoEffect, ffmpeg: FFMPEG, ffprobe: FFPROBE }).catch((caught: unknown) => caught);
      expect(preview, effect).toBeInstanceOf(FfmpegError);
      expect(existsSync(output)).toBe(false);
      injectionCases++;
    }
  });

  it('takes only absolute paths, so no input or output can be read as an option or a protocol', async () => {
    for (const [input, output] of [
      ['-i', join(root, 'o.mp4')],
      ['--help', join(root, 'o.mp4')],
      ['concat:/etc/passwd|/etc/hosts', join(root, 'o.mp4')],
      ['file:/etc/passwd', join(root, 'o.mp4')],
      [clip, '-y.mp4'],
      [clip, 'out.mp4'],
      [clip, join(root, 'out.mkv -f null')],
    ] as const) {
      const render = await renderVideo({ input, output, effect: 'none', ffmpeg: FFMPEG, ffprobe: FFPROBE }).catch((caught: unknown) => caught);
      expect(render, `${input} -> ${output}`).toBeInstanceOf(FfmpegError);
      const cut = await ffmpeg.cut({ input, output, maxDurationSecs: 1 }).catch((caught: unknown) => caught);
      expect(cut, `${input} -> ${output}`).toBeInstanceOf(FfmpegError);
      injectionCases++;
    }
    expect(await readdir(process.cwd()).then((names) => names.includes('-y.mp4'))).toBe(false);
  });

  it('renders files whose absolute names look like options, filters or protocols', async () => {
    const folder = join(root, '-i concat:x|y; [0:v]drawtext=text=%{pts}');
    await mkdir(folder, { recursive: true });
    const input = join(folder, `--exec touch ${'x'}.mp4`);
    await writeFile(input, await readFile(clip));
    const output = join(folder, '-f null %d.mp4');
    await renderVideo({ input, output, effect: 'grayscale', ffmpeg: FFMPEG, ffprobe: FFPROBE, maxSeconds: 1 });
    const probe = await ffmpeg.probe(output);
    expect(probe.durationSecs).toBeGreaterThan(0.5);
    expect((await readdir(folder)).sort()).toEqual([`--exec touch x.mp4`, '-f null %d.mp4'].sort());
    injectionCases++;
  }, 30_000);

  it('never follows a playlist or concat script disguised as a video: no local file is read', async () => {
    const secret = join(root, 'secret.txt');
    await writeFile(secret, 'top secret');
    const disguises: Array<[string, string]> = [
      ['playlist.mp4', `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile://${secret}\n#EXT-X-ENDLIST\n`],
      ['playlist.ts', `#EXTM3U\n#EXTINF:1,\n${secret}\n#EXT-X-ENDLIST\n`],
      ['concat.mp4', `ffconcat version 1.0\nfile '${secret}'\n`],
      ['concat.mkv', `ffconcat version 1.0\nfile '${clip}'\n`],
      ['sdp.mp4', `v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=video 5004 RTP/AVP 96\n`],
    ];
    for (const [name, text] of disguises) {
      const input = join(root, name);
      await writeFile(input, text);
      const probe = await ffmpeg.probe(input).catch((caught: unknown) => caught);
      expect(probe, name).toBeInstanceOf(FfmpegError);
      const output = join(root, `${name}.out.mp4`);
      const render = await renderVideo({ input, output, effect: 'none', ffmpeg: FFMPEG, ffprobe: FFPROBE }).catch((caught: unknown) => caught);
      expect(render, name).toBeInstanceOf(FfmpegError);
      expect(existsSync(output), name).toBe(false);
      injectionCases++;
    }
    console.log(`injection cases: ${injectionCases}`);
  }, 30_000);
});

describe('no shell anywhere in product code', () => {
  it('spawns programs with argument arrays only: no shell option, no exec/execSync, no execFile with a shell', async () => {
    const roots = ['apps/api/src', 'apps/worker/src', 'apps/launcher/src', 'packages'].map((dir) => join(REPO, dir));
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        if (entry.name === 'node_modules' || entry.name === 'dist') continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)) files.push(path);
      }
    };
    for (const dir of roots) await walk(dir);
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      const rel = relative(REPO, file);
      // The test kit and benches are not product code, but a shell there would still be a smell.
      if (/shell\s*:\s*(true|['"`])/.test(text)) offenders.push(`${rel}: shell option`);
      if (/\bexecSync\s*\(|\bchild_process['"][^;]*\bexec\b(?!File)|[^.\w]exec\s*\(\s*['"`]/.test(text)) offenders.push(`${rel}: exec`);
      if (/import[^;]*\bexec\b[^;]*from\s+['"]node:child_process['"]/.test(text)) offenders.push(`${rel}: imports exec`);
    }
    expect(files.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});
