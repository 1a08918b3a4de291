// docker/install-yt-dlp.sh, the images' build-time yt-dlp, against a local release server: a
// build whose SHA-256 matches the release's SHA2-256SUMS (or the pinned YTDLP_SHA256) is
// installed and answers --version; a tampered build, a sums file without its line or a wrong
// pin is refused and nothing is installed.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerDir } from './repo.ts';

const BUILD = '#!/bin/sh\necho 2099.01.02\n';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What the fake release channel serves, per path; changed by each test. */
let files: Record<string, string> = {};
let server: Server;
let baseUrl = '';
let workDir = '';

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'scrapper-install-yt-dlp-'));
  server = createServer((request, response) => {
    const body = files[request.url ?? ''];
    if (body === undefined) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}/download`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(workDir, { recursive: true, force: true });
});

function install(env: Record<string, string>): Promise<{ code: number; output: string; dest: string }> {
  const dest = join(mkdtempSync(join(workDir, 'dest-')), 'bin', 'yt-dlp');
  return new Promise((resolve) => {
    execFile(
      'sh',
      [join(dockerDir, 'install-yt-dlp.sh'), dest],
      { env: { PATH: process.env['PATH'] ?? '', TARGETARCH: 'amd64', YTDLP_RELEASE_URL: baseUrl, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}`, dest }),
    );
  });
}

describe('install-yt-dlp.sh', () => {
  it("installs the machine's standalone build when its SHA-256 matches the release's SHA2-256SUMS", async () => {
    files = {
      '/download/yt-dlp_linux': BUILD,
      '/download/SHA2-256SUMS': `${sha256('other')}  yt-dlp_linux_aarch64\n${sha256(BUILD)}  yt-dlp_linux\n`,
    };
    const result = await install({});
    expect(result.output).toContain('2099.01.02');
    expect(result.code).toBe(0);
    expect(statSync(result.dest).mode & 0o111).not.toBe(0);
  });

  it('refuses a build that does not match its checksum, and installs nothing', async () => {
    files = { '/download/yt-dlp_linux': `${BUILD}# tampered\n`, '/download/SHA2-256SUMS': `${sha256(BUILD)}  yt-dlp_linux\n` };
    const result = await install({});
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('refused');
    expect(existsSync(result.dest)).toBe(false);
  });

  it('refuses when SHA2-256SUMS has no line for the build', async () => {
    files = { '/download/yt-dlp_linux': BUILD, '/download/SHA2-256SUMS': `${sha256(BUILD)}  yt-dlp_macos\n` };
    const result = await install({});
    expect(result.code).not.toBe(0);
    expect(existsSync(result.dest)).toBe(false);
  });

  it('checks a pinned YTDLP_SHA256 instead of the sums file', async () => {
    files = { '/download/yt-dlp_linux': BUILD };
    expect((await install({ YTDLP_SHA256: sha256(BUILD) })).code).toBe(0);
    const wrong = await install({ YTDLP_SHA256: sha256('something else') });
    expect(wrong.code).not.toBe(0);
    expect(existsSync(wrong.dest)).toBe(false);
  });

  it('takes the zipapp (python3) on machines without a standalone build', async () => {
    files = { '/download/yt-dlp': BUILD, '/download/SHA2-256SUMS': `${sha256(BUILD)}  yt-dlp\n` };
    const result = await install({ TARGETARCH: 'ppc64le' });
    expect(result.code).toBe(0);
    expect(existsSync(result.dest)).toBe(true);
  });
});
