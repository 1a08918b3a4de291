// What the managed yt-dlp's update tests share (yt-dlp-update*.integration.test.ts): a media
// server, the release server, a scratch root, and the steps each test repeats. Each test file
// gets its own (vitest runs files in separate processes), so the files run side by side.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createYtDlp, formatForQuality } from '@scrapper/integrations/yt-dlp';
import { managedYtDlpPath, ytDlpPicker } from '@scrapper/integrations/yt-dlp-manager/locate';
import { findProgram, readYtDlpVersion } from '@scrapper/integrations/yt-dlp-manager/program';
import { updateManagedYtDlp, type UpdateManagedOptions } from '@scrapper/integrations/yt-dlp-manager/update-managed';
import { startMediaServer, type MediaServer } from '../media-server/start-media-server.ts';
import { startYtDlpReleaseServer, type YtDlpReleaseServer } from './start-ytdlp-release-server.ts';

export const FFMPEG = process.env['FFMPEG_PATH'] ?? 'ffmpeg';
export const NODE_RUNTIME = `node:${process.execPath}`;

export let media: MediaServer;
export let releases: YtDlpReleaseServer;
export let root: string;
let runs = 0;

/** A number no other folder of this file's run has used. */
export function nextRun(): number {
  runs += 1;
  return runs;
}

/** The media server, the release server and a scratch root for the calling test file. */
export function useUpdateWorld(): void {
beforeAll(async () => {
  [media, releases] = await Promise.all([startMediaServer({ ffmpeg: FFMPEG }), startYtDlpReleaseServer()]);
  root = await mkdtemp(join(tmpdir(), 'yt-dlp-update-'));
});
afterAll(async () => {
  await media?.close();
  await releases?.close();
  await rm(root, { recursive: true, force: true });
});
}

/** A fresh DATA_DIR/tools (not created yet: the first update makes it). */
export function freshTools(): string {
  return join(root, `data-${nextRun()}`, 'tools');
}

export function check(toolsDir: string, overrides: Partial<UpdateManagedOptions> = {}) {
  return updateManagedYtDlp({
    releaseUrl: releases.baseUrl,
    toolsDir,
    arch: 'x64',
    platform: 'linux',
    timeouts: { responseMs: 2000, idleMs: 1500, totalMs: 20_000 },
    versionTimeoutMs: 20_000,
    ...overrides,
  });
}

export async function sha256(path: string): Promise<string> {
  return createHash('sha256').update(await readFile(path)).digest('hex');
}

export async function lines(path: string): Promise<string[][]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string[]);
}

/** Downloads the 3 s clip with whatever yt-dlp the tools folder resolves to. */
export async function downloadWith(toolsDir: string): Promise<{ sizeBytes: number; ext: string }> {
  const run = nextRun();
  const job = join(root, `job-${run}`);
  const temp = join(root, `temp-${run}`);
  await mkdir(temp);
  const ytDlp = createYtDlp({
    binary: ytDlpPicker({ pinnedPath: undefined, toolsDir, searchPath: '/nonexistent' }),
    ffmpegLocation: (await findProgram(FFMPEG)) ?? FFMPEG,
    allowPrivateNetwork: true,
    tempRoot: temp,
  });
  const result = await ytDlp.download({ url: media.urls.clip3s, outputDir: job, format: formatForQuality('best'), maxFilesizeBytes: 50_000_000, socketTimeoutSecs: 10 });
  return { sizeBytes: result.sizeBytes, ext: result.ext };
}

/** Installs `version` as the managed copy of a fresh tools folder; returns the folder and its hash. */
export async function installed(version: string, argvLog?: string): Promise<{ toolsDir: string; sha: string }> {
  releases.setScenario('normal');
  await releases.publish(version, { argvLog });
  const toolsDir = freshTools();
  const first = await check(toolsDir);
  expect(first).toMatchObject({ outcome: 'updated', fromVersion: null, toVersion: version });
  return { toolsDir, sha: await sha256(managedYtDlpPath(toolsDir)) };
}

/** The fault left the old copy in place (same bytes, still runs) and nothing else. */
export async function expectOldCopyStays(toolsDir: string, sha: string, version: string): Promise<void> {
  expect(await readdir(toolsDir)).toEqual(['yt-dlp']);
  expect(await sha256(managedYtDlpPath(toolsDir))).toBe(sha);
  expect((await stat(managedYtDlpPath(toolsDir))).mode & 0o777).toBe(0o755);
  expect(await readYtDlpVersion(managedYtDlpPath(toolsDir))).toBe(version);
}
