// `npm start` / `npm test` begin in scripts/bootstrap.mjs, on whatever Node the machine has.
// Without root it cannot apt-get: it must stop and name what to install.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/bootstrap.mjs', import.meta.url));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
// As root, run it as `nobody` when that user can read the script (a checkout under a
// private folder cannot be read by others: then there is nothing to test here).
const canDropRoot =
  isRoot &&
  existsSync('/usr/sbin/runuser') &&
  spawnSync('/usr/sbin/runuser', ['-u', 'nobody', '--', 'test', '-r', script]).status === 0;

function runAsNonRoot(env: Record<string, string>, args: string[]) {
  const command = canDropRoot ? '/usr/sbin/runuser' : process.execPath;
  const full = canDropRoot ? ['-u', 'nobody', '--', process.execPath, script, ...args] : [script, ...args];
  return spawnSync(command, full, { env: { PATH: '/usr/bin:/bin', ...env }, encoding: 'utf8', timeout: 30_000 });
}

/** The same, without blocking this process (the release channel below answers from it). */
function runAsNonRootAsync(env: Record<string, string>, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const command = canDropRoot ? '/usr/sbin/runuser' : process.execPath;
  const full = canDropRoot ? ['-u', 'nobody', '--', process.execPath, script, ...args] : [script, ...args];
  return new Promise((resolve) => {
    const child = spawn(command, full, { env: { PATH: '/usr/bin:/bin', ...env }, timeout: 30_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

// A release channel that has SHA2-256SUMS (what the bootstrap asks before it decides).
let channel: Server;
let channelUrl: string;
const dataDir = mkdtempSync(join(tmpdir(), 'bootstrap-data-'));
beforeAll(async () => {
  channel = createServer((req, res) => {
    if (req.url?.startsWith('/broken/')) res.writeHead(500).end();
    else if (req.url?.endsWith('/SHA2-256SUMS')) res.writeHead(200).end(`${'0'.repeat(64)}  yt-dlp_linux\n`);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => channel.listen(0, '127.0.0.1', resolve));
  channelUrl = `http://127.0.0.1:${(channel.address() as AddressInfo).port}/download`;
});
afterAll(async () => {
  await new Promise((resolve) => channel.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('bootstrap', () => {
  it.runIf(!isRoot || canDropRoot)('stops without root and names the missing tool and the package to install', () => {
    const res = runAsNonRoot({ YTDLP_PATH: '/nonexistent/yt-dlp', FFMPEG_PATH: '/nonexistent/ffmpeg' }, ['start']);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('missing system tools: ffmpeg, yt-dlp');
    expect(res.stderr).toContain('apt-get install -y ffmpeg yt-dlp');
    expect(res.stderr).toContain('FFMPEG_PATH, YTDLP_PATH');
  });

  // yt-dlp missing from PATH (a PATH without it), ffmpeg missing too, so the script stops at the
  // tool check either way and says which tools it wanted.
  const noTools = { PATH: '/nonexistent-bin', FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' };

  it.runIf(!isRoot || canDropRoot)('npm start does not want the system yt-dlp when the release channel answers: the worker installs its own', async () => {
    const res = await runAsNonRootAsync({ ...noTools, DATA_DIR: dataDir, YTDLP_RELEASE_URL: channelUrl }, ['start']);
    expect(res.status).toBe(1);
    expect(res.stdout).toContain(`yt-dlp: the worker installs its own from ${channelUrl}`);
    expect(res.stderr).toContain('missing system tools: ffmpeg, ffprobe.');
  });

  it.runIf(!isRoot || canDropRoot)('npm start falls back to the system yt-dlp when the channel cannot be reached, or answers an error', async () => {
    for (const url of ['http://127.0.0.1:9/download', channelUrl.replace('/download', '/broken/download')]) {
      const res = await runAsNonRootAsync({ ...noTools, DATA_DIR: dataDir, YTDLP_RELEASE_URL: url }, ['start']);
      expect(res.status).toBe(1);
      expect(res.stdout).toContain('falling back to the system yt-dlp');
      expect(res.stderr).toContain('missing system tools: ffmpeg, ffprobe, yt-dlp.');
    }
  });

  it('refuses an unknown mode', () => {
    const res = spawnSync(process.execPath, [script, 'deploy'], { encoding: 'utf8' });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('usage');
  });
});
