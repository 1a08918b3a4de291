import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActorConfigSchema, type ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { buildActorInput as engineBuildActorInput } from '@scrapper/contracts/rules/build-actor-input';
import { mapItems } from '@scrapper/contracts/rules/map-items';
import { seedActorConfigs } from '@scrapper/contracts/rules/seed-actor-configs';
import { codeFileName, generateActorCode, type CodeKey } from './generate-actor-code.ts';
import { HOSTILE, hostile, hostileConfig } from './hostile-config.fixture.ts';
import { qualityChoices } from './quality-choices.ts';

// The generated files run: each config's six files are written to a temp folder (with
// fake apify-client and react packages, and fake yt-dlp and ffmpeg programs that record
// their arguments) and imported as ES modules.

type Fn = (...args: never[]) => unknown;
type GeneratedModule = Record<string, unknown>;

const dir = mkdtempSync(join(tmpdir(), 'codegen-modules-'));
const ytdlpArgsFile = join(dir, 'ytdlp-args.json');
const ffmpegArgsFile = join(dir, 'ffmpeg-args.json');
const fakeYtdlp = join(dir, 'fake-yt-dlp.cjs');
const fakeFfmpeg = join(dir, 'fake-ffmpeg.cjs');

const FAKE_APIFY_CLIENT = `
// Records calls in globalThis.__fakeApify and serves its runs and items.
export class ApifyClient {
  constructor(options) {
    this.state = globalThis.__fakeApify;
    this.state.calls.push(['new', options]);
  }
  actor(id) {
    return { start: async (input) => { this.state.calls.push(['start', id, input]); return { ...this.state.runs[0] }; } };
  }
  run(id) {
    return {
      waitForFinish: async (options) => {
        this.state.calls.push(['waitForFinish', id, options]);
        this.state.runIndex = Math.min(this.state.runIndex + 1, this.state.runs.length - 1);
        return { ...this.state.runs[this.state.runIndex] };
      },
    };
  }
  dataset(id) {
    return {
      listItems: async ({ offset, limit }) => {
        this.state.calls.push(['listItems', id, { offset, limit }]);
        const items = this.state.items.slice(offset, offset + Math.min(limit, this.state.pageSize));
        return { items, total: this.state.items.length, offset, limit, count: items.length };
      },
    };
  }
}
`;

const FAKE_REACT = `
// Elements as plain objects; state is the initial value.
export function createElement(type, props, ...children) {
  return { type, props: props ?? {}, children };
}
export function useState(initial) {
  return [typeof initial === 'function' ? initial() : initial, () => {}];
}
export default { createElement, useState };
`;

// Writes its arguments to a file, creates the video in --paths and prints its path.
const FAKE_YTDLP = `#!${process.execPath}
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
fs.writeFileSync(${JSON.stringify(ytdlpArgsFile)}, JSON.stringify(args));
const file = path.join(args[args.indexOf('--paths') + 1], 'video-1.mp4');
fs.writeFileSync(file, 'VIDEO');
process.stdout.write(file + '\\n');
`;

// Writes its arguments to a file and prints the input's content; fails on input 'FAIL'.
const FAKE_FFMPEG = `#!${process.execPath}
const fs = require('node:fs');
const args = process.argv.slice(2);
fs.writeFileSync(${JSON.stringify(ffmpegArgsFile)}, JSON.stringify(args));
const content = fs.readFileSync(args[args.indexOf('-i') + 1], 'utf8');
if (content === 'FAIL') {
  process.stderr.write('broken input');
  process.exit(1);
}
process.stdout.write('MP4:' + content);
`;

function writeFile(path: string, text: string): void {
  writeFileSync(path, text);
}

beforeAll(() => {
  writeFile(join(dir, 'package.json'), '{ "type": "module" }');
  for (const [name, source] of [
    ['apify-client', FAKE_APIFY_CLIENT],
    ['react', FAKE_REACT],
  ] as const) {
    mkdirSync(join(dir, 'node_modules', name), { recursive: true });
    writeFile(join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, type: 'module', main: 'index.js' }));
    writeFile(join(dir, 'node_modules', name, 'index.js'), source);
  }
  writeFile(fakeYtdlp, FAKE_YTDLP);
  writeFile(fakeFfmpeg, FAKE_FFMPEG);
  chmodSync(fakeYtdlp, 0o755);
  chmodSync(fakeFfmpeg, 0o755);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

let folderCount = 0;
/** Writes all six files of `config` into a fresh folder and imports the one asked for. */
async function generatedModules(config: ActorConfig): Promise<(key: CodeKey) => Promise<GeneratedModule>> {
  folderCount += 1;
  const folder = join(dir, `config-${folderCount}`);
  mkdirSync(folder);
  const code = generateActorCode(config);
  for (const [key, source] of Object.entries(code)) writeFile(join(folder, codeFileName(config.platformId, key as CodeKey)), source);
  return async (key) => (await import(pathToFileURL(join(folder, codeFileName(config.platformId, key))).href)) as GeneratedModule;
}

function fn<T extends Fn>(module: GeneratedModule, name: string): T {
  const value = module[name];
  if (typeof value !== 'function') throw new Error(`${name} is not exported as a function`);
  return value as T;
}

function seed(platformId: string): ActorConfig {
  const input = seedActorConfigs.find((config) => config.platformId === platformId);
  if (!input) throw new Error(`no seed config for ${platformId}`);
  return ActorConfigSchema.parse(input);
}

const video = {
  id: 'a1B2c3D4e5F',
  platform: 'youtube',
  url: 'https://www.youtube.com/watch?v=a1B2c3D4e5F',
  duration: 62,
  title: 'Resep Nasi Goreng',
  author: 'Dapur Nusantara',
  play_count: 45800,
  like_count: 1520,
  thumbnail: 'https://i.ytimg.com/vi/a1B2c3D4e5F/hq.jpg',
  raw: {},
};

describe('videoList', () => {
  type Render = (items: unknown) => string;

  it('escapes every value, so item text cannot become markup', async () => {
    const renderVideoList = fn<Render>(await (await generatedModules(seed('youtube')))('videoList'), 'renderVideoList');
    const html = renderVideoList([
      {
        ...video,
        title: '<img src=x onerror=alert(1)>',
        author: '"Budi" & <b>Ani</b>',
        url: 'https://x.test/"onmouseover="alert(1)',
        thumbnail: "https://img.test/a.jpg'><script>alert(1)</script>",
      },
    ]);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&quot;Budi&quot; &amp; &lt;b&gt;Ani&lt;/b&gt;');
    expect(html).toContain('href="https://x.test/&quot;onmouseover=&quot;alert(1)"');
    expect(html).not.toContain('<script>');
    expect(html.match(/<img /g)).toHaveLength(1);
  });

  it('shows platform, m:ss duration, title link, author, plays / likes and thumbnail', async () => {
    const renderVideoList = fn<Render>(await (await generatedModules(seed('youtube')))('videoList'), 'renderVideoList');
    const html = renderVideoList([video, { ...video, id: 'b', duration: 3723.4, play_count: null, url: 'javascript:alert(1)', thumbnail: '' }]);
    expect(html).toContain('<th>Platform</th><th>Durasi</th><th>Judul</th><th>Pembuat</th><th>Tayangan / Suka</th><th>Thumbnail</th>');
    expect(html).toContain(
      '<tr><td>YouTube</td><td>1:02</td><td><a href="https://www.youtube.com/watch?v=a1B2c3D4e5F" target="_blank" rel="noopener noreferrer">Resep Nasi Goreng</a></td><td>Dapur Nusantara</td><td>45.800 / 1.520</td><td><img src="https://i.ytimg.com/vi/a1B2c3D4e5F/hq.jpg"',
    );
    expect(html).toContain('<tr><td>YouTube</td><td>1:02:03</td><td>Resep Nasi Goreng</td><td>Dapur Nusantara</td><td>- / 1.520</td><td></td></tr>');
    expect(html).not.toContain('javascript:');
  });

  it('renders an empty list as one row, and copes with junk entries', async () => {
    const renderVideoList = fn<Render>(await (await generatedModules(seed('tiktok')))('videoList'), 'renderVideoList');
    expect(renderVideoList([])).toContain('<td colspan="6">Belum ada video.</td>');
    expect(renderVideoList(undefined)).toContain('Belum ada video.');
    expect(renderVideoList([null, 'x'])).toContain('<td>TikTok</td><td></td><td>(tanpa judul)</td>');
  });
});

describe('ytdlpService', () => {
  const config = ActorConfigSchema.parse({
    ...seed('tiktok'),
    downloadOptions: [
      { label: '1080p', value: 'bestvideo[height<=?1080]+bestaudio/best' },
      { label: 'Audio saja', value: 'bestaudio/best' },
    ],
  });

  it('offers the download options, then the preview format, and refuses other formats', async () => {
    const ytdlp = await (await generatedModules(config))('ytdlpService');
    const formatFor = fn<(quality?: string) => string>(ytdlp, 'formatFor');
    expect(ytdlp['QUALITY_CHOICES']).toEqual([...config.downloadOptions, { label: 'Kualitas preview', value: config.previewSpecific.format }]);
    expect(formatFor()).toBe('bestvideo[height<=?1080]+bestaudio/best');
    expect(formatFor('Audio saja')).toBe('bestaudio/best');
    expect(formatFor(config.previewSpecific.format)).toBe(config.previewSpecific.format);
    expect(() => formatFor('worst --exec "rm -rf /"')).toThrow(/Unknown quality/);
  });

  it('runs yt-dlp with an argument array: no user config, no playlist, the URL last after --', async () => {
    const downloadItem = fn<(item: unknown, options: object) => Promise<string>>(await (await generatedModules(config))('ytdlpService'), 'downloadItem');
    const outputDir = join(dir, 'downloads');
    const file = await downloadItem({ url: 'https://www.tiktok.com/@a/video/1?x=$(id)' }, { outputDir, quality: 'Audio saja', ytdlpPath: fakeYtdlp });
    expect(file).toBe(join(outputDir, 'video-1.mp4'));
    const args = JSON.parse(readFileSync(ytdlpArgsFile, 'utf8')) as string[];
    expect(args).toEqual([
      '--ignore-config',
      '--no-playlist',
      '--no-progress',
      '--format',
      'bestaudio/best',
      '--merge-output-format',
      'mp4',
      '--paths',
      outputDir,
      '--output',
      '%(id)s.%(ext)s',
      '--print',
      'after_move:filepath',
      '--no-simulate',
      '--',
      'https://www.tiktok.com/@a/video/1?x=$(id)',
    ]);
  });

  it('refuses items without an http(s) URL before starting yt-dlp', async () => {
    const downloadItem = fn<(item: unknown, options: object) => Promise<string>>(await (await generatedModules(config))('ytdlpService'), 'downloadItem');
    for (const url of ['--exec=touch /tmp/x', 'file:///etc/passwd', '', undefined]) {
      await expect(downloadItem({ url }, { outputDir: dir, ytdlpPath: fakeYtdlp })).rejects.toThrow(/http\(s\) URL/);
    }
  });
});

describe('previewController', () => {
  interface Started {
    server: Server;
    base: string;
  }

  async function startPreview(config: ActorConfig, items: unknown[], ytdlp: object): Promise<Started> {
    const controller = await (await generatedModules(config))('previewController');
    const createPreviewServer = fn<(options: object) => Server>(controller, 'createPreviewServer');
    const server = createPreviewServer({ items, ytdlp, ffmpegPath: fakeFfmpeg, tempRoot: dir });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { server, base: `http://127.0.0.1:${port}` };
  }

  function fakeYtdlpService(content: string, requests: unknown[]): object {
    return {
      downloadItem: async (item: unknown, options: { outputDir: string; quality: string }) => {
        requests.push({ item, ...options });
        const file = join(options.outputDir, 'source.mp4');
        writeFileSync(file, content);
        return file;
      },
    };
  }

  function previewFolders(): string[] {
    return readdirSync(dir).filter((name) => name.startsWith('preview-'));
  }

  it('streams the item cut by ffmpeg to maxDuration, in the preview format, and cleans up', async () => {
    const config = seed('tiktok');
    const requests: { item: unknown; outputDir: string; quality: string }[] = [];
    const { server, base } = await startPreview(config, [video], fakeYtdlpService('VIDEO', requests));
    try {
      const response = await fetch(`${base}/preview?id=${video.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('video/mp4');
      expect(await response.text()).toBe('MP4:VIDEO');
      expect(requests).toMatchObject([{ item: video, quality: config.previewSpecific.format }]);
      const args = JSON.parse(readFileSync(ffmpegArgsFile, 'utf8')) as string[];
      expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 2)).toEqual(['-t', '30']);
      expect(args[args.indexOf('-i') + 1]).toBe(join(requests[0]?.outputDir ?? '', 'source.mp4'));
      expect(args.at(-1)).toBe('pipe:1');
      expect(existsSync(requests[0]?.outputDir ?? '')).toBe(false);
    } finally {
      server.close();
    }
  });

  it('answers 404 for unknown ids and 502 when ffmpeg fails', async () => {
    const requests: unknown[] = [];
    const { server, base } = await startPreview(seed('tiktok'), [video], fakeYtdlpService('FAIL', requests));
    try {
      expect((await fetch(`${base}/preview?id=nope`)).status).toBe(404);
      expect((await fetch(`${base}/preview`)).status).toBe(404);
      const failed = await fetch(`${base}/preview?id=${video.id}`);
      expect(failed.status).toBe(502);
      expect(await failed.json()).toEqual({ message: 'Gagal membuat preview.' });
      expect(previewFolders()).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('answers 404 without downloading when previews are off', async () => {
    const config = ActorConfigSchema.parse({ ...seed('tiktok'), previewSpecific: { ...seed('tiktok').previewSpecific, enabled: false } });
    const requests: unknown[] = [];
    const { server, base } = await startPreview(config, [video], fakeYtdlpService('VIDEO', requests));
    try {
      const response = await fetch(`${base}/preview?id=${video.id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Preview tidak aktif untuk platform ini.' });
      expect(requests).toEqual([]);
    } finally {
      server.close();
    }
  });
});

interface FakeApifyState {
  calls: unknown[][];
  runs: { id: string; status: string; defaultDatasetId: string }[];
  runIndex: number;
  items: unknown[];
  pageSize: number;
}

function fakeApify(items: unknown[], finalStatus = 'SUCCEEDED'): FakeApifyState {
  const run = { id: 'run-1', defaultDatasetId: 'dataset-1' };
  const state: FakeApifyState = {
    calls: [],
    runs: [
      { ...run, status: 'READY' },
      { ...run, status: 'RUNNING' },
      { ...run, status: finalStatus },
    ],
    runIndex: 0,
    items,
    pageSize: 2,
  };
  Object.assign(globalThis, { __fakeApify: state });
  return state;
}

describe('scrapeWorker', () => {
  type Scrape = (options: object) => Promise<{ runId: string; rawItems: unknown[]; items: unknown[] }>;
  type BuildInput = (kind: string, input: Record<string, unknown>, cookies?: string[]) => unknown;

  const rawVideos = [
    { id: 'a1B2c3D4e5F', url: 'https://www.youtube.com/watch?v=a1B2c3D4e5F', title: 'Satu', duration: '00:01:02', channelName: 'A' },
    { id: 'Zz9Yy8Xx7Ww', title: 'Dua', duration: '0:45' },
    { error: 'NO_RESULTS' },
    { id: 'a1B2c3D4e5F', url: 'https://www.youtube.com/watch?v=a1B2c3D4e5F', title: 'Duplikat' },
    { id: 'Cc3Cc3Cc3Cc', url: 'https://www.youtube.com/watch?v=Cc3Cc3Cc3Cc', title: 'Tiga', viewCount: '1.2K' },
  ];

  it('starts the actor, waits for the run, pages through the dataset and parses the items', async () => {
    const config = seed('youtube');
    const scrape = fn<Scrape>(await (await generatedModules(config))('scrapeWorker'), 'scrape');
    const state = fakeApify(rawVideos);
    const targets = ['https://www.youtube.com/@dapurnusantara'];
    const options = { maxResults: '5', sortVideosBy: 'bogus', dateFilter: 'week', unknownKey: 'dropped' };
    const result = await scrape({ token: 'apify_api_test', kind: 'url', targets, options, waitSecs: 5 });

    const expectedInput = engineBuildActorInput(config, 'url', { ...options, startUrls: targets });
    expect(expectedInput).toEqual({ startUrls: [{ url: targets[0] }], maxResults: 5, dateFilter: 'week' });
    expect(state.calls).toEqual([
      ['new', { token: 'apify_api_test' }],
      ['start', 'streamers/youtube-scraper', expectedInput],
      ['waitForFinish', 'run-1', { waitSecs: 5 }],
      ['waitForFinish', 'run-1', { waitSecs: 5 }],
      ['listItems', 'dataset-1', { offset: 0, limit: 1000 }],
      ['listItems', 'dataset-1', { offset: 2, limit: 1000 }],
      ['listItems', 'dataset-1', { offset: 4, limit: 1000 }],
    ]);
    expect(result.runId).toBe('run-1');
    expect(result.rawItems).toEqual(rawVideos);
    expect(result.items).toEqual(mapItems(rawVideos, config));
    expect(result.items).toHaveLength(3);
  });

  it('fails with the run status when the run does not succeed', async () => {
    const scrape = fn<Scrape>(await (await generatedModules(seed('tiktok')))('scrapeWorker'), 'scrape');
    fakeApify([], 'TIMED-OUT');
    await expect(scrape({ token: 't', kind: 'keyword', targets: ['kopi'] })).rejects.toThrow(/TIMED-OUT/);
    await expect(scrape({ token: 't', kind: 'profile', targets: ['kopi'] })).rejects.toThrow(/kind/);
  });

  it('builds the same actor input as buildActorInput for every seed and option type', async () => {
    const everyType = ActorConfigSchema.parse({
      platformId: 'everytype',
      displayName: 'Every type',
      actorId: 'someone/actor',
      inputKey: 'query',
      inputKeys: { url: 'startUrls', cookies: 'cookieString' },
      options: {
        count: { label: 'Count', type: 'number', default: 20 },
        since: { label: 'Since', type: 'date', default: '01/02/2024' },
        withComments: { label: 'Comments', type: 'boolean', default: false },
        sort: { label: 'Sort', type: 'select', default: 'NEWEST', options: [{ label: 'New', value: 'NEWEST' }, { label: 'Old', value: 'OLDEST' }] },
        note: { label: 'Note', type: 'text', default: null },
      },
    });
    const inputs: [string, Record<string, unknown>, string[]][] = [
      ['url', {}, []],
      ['keyword', { query: ' kopi ' }, ['a=1']],
      ['url', { startUrls: [{ url: 'https://x.test/1' }, ' https://x.test/2 ', 3, ''], count: '7', since: '2024-02-30', withComments: '1', sort: 'OLDEST', note: 42 }, ['a=1', 'b=2']],
      ['keyword', { searchQueries: ['kopi', 'teh'], postURLs: ['https://www.tiktok.com/@a/video/1'], count: 'many', since: '31/12/2023', sort: 'bogus' }, []],
      ['url', { directUrls: 'https://www.instagram.com/p/C8/', resultsLimit: 3, searchType: 'user', startUrls: ['https://www.facebook.com/detikcom'] }, []],
    ];
    for (const config of [...seedActorConfigs.map((input) => ActorConfigSchema.parse(input)), everyType]) {
      const buildActorInput = fn<BuildInput>(await (await generatedModules(config))('scrapeWorker'), 'buildActorInput');
      for (const [kind, input, cookies] of inputs) {
        const expected = engineBuildActorInput(config, kind === 'url' ? 'url' : 'keyword', input, cookies);
        expect(buildActorInput(kind, input, cookies), `${config.platformId} ${JSON.stringify(input)}`).toEqual(expected);
      }
    }
  });
});

describe('downloaderPage', () => {
  interface Element {
    type: unknown;
    props: Record<string, unknown>;
    children: unknown[];
  }

  function isElement(value: unknown): value is Element {
    return typeof value === 'object' && value !== null && 'type' in value && 'props' in value && 'children' in value;
  }

  /** Renders function components with their props, as React would. */
  function expand(node: unknown): unknown {
    if (Array.isArray(node)) return node.map(expand);
    if (!isElement(node)) return node;
    if (typeof node.type === 'function') return expand((node.type as (props: unknown) => unknown)(node.props));
    return { ...node, children: node.children.map(expand) };
  }

  function findAll(node: unknown, type: string): Element[] {
    if (Array.isArray(node)) return node.flatMap((child) => findAll(child, type));
    if (!isElement(node)) return [];
    return [...(node.type === type ? [node] : []), ...findAll(node.children, type)];
  }

  function textOf(node: unknown): string {
    if (Array.isArray(node)) return node.map(textOf).join('');
    if (isElement(node)) return textOf(node.children);
    return typeof node === 'string' || typeof node === 'number' ? String(node) : '';
  }

  async function render(config: ActorConfig, props: object): Promise<unknown> {
    const page = await (await generatedModules(config))('downloaderPage');
    return expand(fn<(props: object) => unknown>(page, 'default')(props));
  }

  it('lists the items with checkboxes, the quality choices and a download button', async () => {
    const config = ActorConfigSchema.parse({ ...seed('youtube'), downloadOptions: [{ label: '1080p', value: 'bestvideo[height<=?1080]+bestaudio/best' }] });
    const tree = await render(config, { items: [video, { ...video, id: 'b', title: '', thumbnail: 'javascript:alert(1)', url: 'data:text/html,x' }] });
    expect(textOf(findAll(tree, 'h2'))).toBe('Downloader YouTube');
    expect(findAll(tree, 'option').map((option) => [option.props['value'], textOf(option)])).toEqual(
      qualityChoices(config).map((choice) => [choice.value, choice.label]),
    );
    expect(findAll(tree, 'li')).toHaveLength(2);
    expect(findAll(tree, 'input').filter((input) => input.props['type'] === 'checkbox')).toHaveLength(3);
    expect(findAll(tree, 'img').map((img) => img.props['src'])).toEqual([video.thumbnail]);
    expect(findAll(tree, 'a').map((link) => link.props['href'])).toEqual([video.url]);
    const [button] = findAll(tree, 'button');
    expect(textOf(button)).toBe('Unduh (0)');
    expect(button?.props['disabled']).toBe(true);
    expect(textOf(tree)).toContain('(tanpa judul)');
  });

  it('says so when there are no items', async () => {
    expect(textOf(await render(seed('tiktok'), { items: [] }))).toContain('Belum ada video.');
  });
});

describe('generated files from a config with hostile text', () => {
  afterAll(() => {
    Reflect.deleteProperty(globalThis, '__cgPwned');
  });

  it('load and run with every config value as plain data', async () => {
    const load = await generatedModules(hostileConfig);
    const dataParser = await load('dataParser');
    const videoList = await load('videoList');
    const ytdlp = await load('ytdlpService');
    const preview = await load('previewController');
    const worker = await load('scrapeWorker');
    const page = await load('downloaderPage');
    expect(Reflect.get(globalThis, '__cgPwned')).toBeUndefined();
    expect(fn<(raws: unknown[]) => unknown[]>(dataParser, 'parseItems')([])).toEqual([]);

    expect(ytdlp['PREVIEW_FORMAT']).toBe(hostileConfig.previewSpecific.format);
    expect(ytdlp['QUALITY_CHOICES']).toEqual(qualityChoices(hostileConfig));
    expect(preview['PREVIEW_FORMAT']).toBe(hostile('previewFormat'));
    expect(preview['MAX_DURATION_SECONDS']).toBe(45);
    expect(fn<(input: string) => string[]>(preview, 'ffmpegArgs')('/tmp/in.mp4')).toContain('45');

    const buildActorInput = fn<(kind: string, input: Record<string, unknown>, cookies: string[]) => unknown>(worker, 'buildActorInput');
    const input = { [hostile('urls')]: ['https://x.test/1'], [hostile('keywords')]: 'kopi' };
    for (const kind of ['url', 'keyword'] as const) {
      expect(buildActorInput(kind, input, ['c=1'])).toEqual(engineBuildActorInput(hostileConfig, kind, input, ['c=1']));
    }

    const html = fn<(items: unknown[]) => string>(videoList, 'renderVideoList')([{ ...video, platform: 'hostile_1' }]);
    expect(html).not.toContain('</script>');
    expect(html).toContain('&lt;/script&gt;');

    const tree = fn<(props: object) => { children: unknown[] }>(page, 'default')({ items: [] });
    expect(JSON.stringify(tree)).toContain(JSON.stringify(`Downloader ${hostile('name')}`));
  });

  it('has a data parser that maps exactly like mapItems, reading the hostile paths as data', async () => {
    const parseItems = fn<(raws: unknown[]) => unknown[]>(await (await generatedModules(hostileConfig))('dataParser'), 'parseItems');
    // Paths with dots that lead nowhere are read as flattened keys, so these items hit them.
    const full = {
      [hostile('id')]: 'h1',
      [hostile('url')]: 'https://video.test/h1',
      [hostile('title')]: '<b>judul</b>',
      [hostile('duration')]: '1:05',
      [hostile('author')]: 'budi',
      [hostile('plays')]: '1.5K',
      [hostile('likes')]: 12,
      [hostile('thumb')]: ['https://img.test/h1.jpg'],
      [hostile('isVideo')]: 'Video',
      width: 720,
      height: 1280,
    };
    const raws = [
      full,
      { ...full, [hostile('isVideo')]: 'Image', [hostile('id')]: 'h2' },
      { [hostile('id2')]: 'h3', [hostile('url2')]: 'https://video.test/h3', [hostile('title2')]: 'dua', [hostile('duration2')]: 9, [hostile('plays2')]: 3, [hostile('isVideo')]: true },
      { [hostile('page')]: 'https://video.test/h4', [hostile('isVideo')]: 1 },
      { [hostile('authorField')]: 'me', [hostile('idField')]: 'h5', [hostile('isVideo')]: 'clips' },
      { ...full },
    ];
    const expected = mapItems(raws, hostileConfig);
    expect(expected.map((item) => item.id)).toEqual(['h1', 'h3', expect.stringMatching(/^url-/)]);
    expect(parseItems(raws)).toEqual(expected);
    expect(HOSTILE).toContain('__cgPwned');
  });
});
