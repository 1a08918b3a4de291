// A yt-dlp release channel on 127.0.0.1, shaped like GitHub's "latest release" download base:
// `<baseUrl>/yt-dlp_linux`, `<baseUrl>/yt-dlp_linux_aarch64` (302 to an asset URL, as GitHub
// redirects to its object store) and `<baseUrl>/SHA2-256SUMS`. The builds are real, runnable
// yt-dlps made from the one installed here (build-release.ts) with the version a test publishes.
// Scenarios turn it into the faults an updater must survive.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildYtDlpRelease } from './build-release.ts';

/** The standalone builds of the real channel, by the machine they are for. */
export const RELEASE_ASSETS = ['yt-dlp_linux', 'yt-dlp_linux_aarch64'] as const;

export type ReleaseScenario =
  /** Everything as published. */
  | 'normal'
  /** The build is served with bytes changed (same length): its SHA-256 does not match the sums. */
  | 'corrupt'
  /** Content-Length of the whole build, half of it sent, then the connection is cut. */
  | 'truncated'
  /** Half of the build sent, then silence with the connection open: only a timeout ends it. */
  | 'hang'
  /** `SHA2-256SUMS` is never answered (the request is accepted, nothing comes back). */
  | 'hang-sums'
  /** 404 for every file (a wrong YTDLP_RELEASE_URL). */
  | 'not-found'
  /** `SHA2-256SUMS` is there but the build answers 404 (a release still uploading). */
  | 'asset-not-found'
  /** 500 for every file. */
  | 'server-error'
  /** A build with a correct checksum that does not run: a script that exits 1. */
  | 'does-not-run'
  /** A build with a correct checksum that is not a program at all (random bytes). */
  | 'not-a-program';

export interface PublishedRelease {
  version: string;
  /** SHA-256 (hex) of the build as published in SHA2-256SUMS. */
  sha256: string;
  bytes: number;
  /** The build on disk (for tests that compare). */
  path: string;
}

export interface ReleaseRequest {
  method: string;
  path: string;
  status: number;
  /** False while in flight and when the client went away (or was cut off) before the end. */
  completed: boolean;
}

export interface YtDlpReleaseServer {
  /** The download base: what YTDLP_RELEASE_URL is set to. */
  baseUrl: string;
  /** The release served now; undefined before the first publish. */
  readonly release: PublishedRelease | undefined;
  /**
   * Builds a yt-dlp printing `version` and serves it as the latest release (under both asset
   * names). `argvLog`: the build appends each run's argv to this file (JSON line per run).
   */
  publish(version: string, options?: { argvLog?: string }): Promise<PublishedRelease>;
  setScenario(scenario: ReleaseScenario): void;
  /** Wait this long before sending each build (to overlap updaters, or outlast a start). */
  setAssetDelayMs(ms: number): void;
  readonly requests: readonly ReleaseRequest[];
  /** Requests for a build (either asset, after the redirect) that sent every byte. */
  completedDownloads(): number;
  clearRequests(): void;
  close(): Promise<void>;
}

export interface ReleaseServerOptions {
  /** The installed yt-dlp to build from (default: `yt-dlp` on PATH). */
  source?: string;
  /** Delay before each build starts to be sent, in ms (to overlap two updaters). Default 0. */
  assetDelayMs?: number;
  /** Port on 127.0.0.1; default 0 (any free port). */
  port?: number;
}

const BASE_PATH = '/yt-dlp/yt-dlp/releases/latest/download';
const ASSET_PATH = '/release-assets/';

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function startYtDlpReleaseServer(options: ReleaseServerOptions = {}): Promise<YtDlpReleaseServer> {
  const dir = await mkdtemp(join(tmpdir(), 'scrapper-ytdlp-release-'));
  let scenario: ReleaseScenario = 'normal';
  let release: (PublishedRelease & { body: Buffer }) | undefined;
  let builds = 0;
  let assetDelayMs = options.assetDelayMs ?? 0;
  const requests: ReleaseRequest[] = [];
  const sockets = new Set<Socket>();
  // Stand-ins with checksums of their own, for the scenarios whose file is not the build.
  const broken = {
    'does-not-run': Buffer.from('#!/bin/sh\necho "this release is broken" >&2\nexit 1\n'),
    'not-a-program': randomBytes(4096),
  };

  /** What is served as the build and listed in the sums now. */
  function servedBody(): Buffer | undefined {
    if (scenario === 'does-not-run' || scenario === 'not-a-program') return broken[scenario];
    return release?.body;
  }

  function sumsText(): string {
    const body = servedBody();
    if (!body) return '';
    const hash = sha256(body);
    // As the real file: one line per published file, `<sha256>  <name>`.
    return [...RELEASE_ASSETS.map((name) => `${hash}  ${name}`), `${sha256(Buffer.from('zipimport'))}  yt-dlp`, ''].join('\n');
  }

  function sendBuild(res: ServerResponse, record: ReleaseRequest): void {
    const body = servedBody();
    if (!body) {
      record.status = 404;
      res.writeHead(404).end('Not Found');
      return;
    }
    const send = () => {
      record.status = 200;
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': body.length });
      if (scenario === 'corrupt') {
        const changed = Buffer.from(body);
        for (let i = 100; i < changed.length; i += 997) changed[i] = (changed[i] ?? 0) ^ 0xff;
        res.end(changed);
        return;
      }
      if (scenario === 'truncated') {
        res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
        return;
      }
      if (scenario === 'hang') {
        res.write(body.subarray(0, Math.floor(body.length / 2)));
        return; // never ends: closed by close() or by the client
      }
      res.end(body);
    };
    if (assetDelayMs > 0) setTimeout(send, assetDelayMs);
    else send();
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://release.test').pathname;
    const record: ReleaseRequest = { method: req.method ?? 'GET', path, status: 0, completed: false };
    requests.push(record);
    res.on('finish', () => {
      record.completed = true;
    });
    const answer = (status: number, text: string) => {
      record.status = status;
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
    };
    if (scenario === 'server-error') return answer(500, 'Internal Server Error');
    if (scenario === 'not-found') return answer(404, 'Not Found');
    if (path === `${BASE_PATH}/SHA2-256SUMS`) {
      if (scenario === 'hang-sums') return; // accepted, never answered
      if (!release) return answer(404, 'Not Found');
      return answer(200, sumsText());
    }
    const asset = RELEASE_ASSETS.find((name) => path === `${BASE_PATH}/${name}`);
    if (asset) {
      if (scenario === 'asset-not-found' || !release) return answer(404, 'Not Found');
      // GitHub answers the download with a redirect to its object store.
      record.status = 302;
      res.writeHead(302, { Location: `${ASSET_PATH}${sha256(servedBody() ?? Buffer.alloc(0))}/${asset}` }).end();
      return;
    }
    if (path.startsWith(ASSET_PATH) && RELEASE_ASSETS.some((name) => path.endsWith(`/${name}`))) {
      if (scenario === 'asset-not-found') return answer(404, 'Not Found');
      sendBuild(res, record);
      return;
    }
    answer(404, 'Not Found');
  }

  const server = createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}${BASE_PATH}`,
    get release() {
      if (!release) return undefined;
      const { body: _body, ...published } = release;
      return published;
    },
    async publish(version, publishOptions = {}) {
      builds += 1;
      const path = join(dir, `yt-dlp-${builds}-${version}`);
      await buildYtDlpRelease({ version, outFile: path, source: options.source, argvLog: publishOptions.argvLog });
      const body = await readFile(path);
      release = { version, sha256: sha256(body), bytes: body.length, path, body };
      return { version, sha256: release.sha256, bytes: body.length, path };
    },
    setScenario(next) {
      scenario = next;
    },
    setAssetDelayMs(ms) {
      assetDelayMs = ms;
    },
    get requests() {
      return requests;
    },
    completedDownloads() {
      return requests.filter((r) => r.path.startsWith(ASSET_PATH) && r.status === 200 && r.completed).length;
    },
    clearRequests() {
      requests.length = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
