// The managed yt-dlp's update check (integrations' yt-dlp-manager) against the release server:
// real builds of yt-dlp with chosen versions, real downloads from the media server (shared steps:
// update-world.ts). This file: a good release, and the JS runtime gate on the real program.
import { spawnSync } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createYtDlp, formatForQuality, runYtDlp } from '@scrapper/integrations/yt-dlp';
import { locateYtDlp, managedYtDlpPath } from '@scrapper/integrations/yt-dlp-manager/locate';
import { findProgram, jsRuntimeOf, readYtDlpVersion } from '@scrapper/integrations/yt-dlp-manager/program';
import { FFMPEG, NODE_RUNTIME, media, releases, root, freshTools, check, sha256, lines, downloadWith, installed, useUpdateWorld } from './update-world.ts';

useUpdateWorld();

describe('a good release', () => {
  it('is downloaded, verified, run and installed; downloads then use it with --js-runtimes; the next check finds it current', async () => {
    const argvLog = join(root, 'happy-argv.log');
    releases.setScenario('normal');
    releases.clearRequests();
    const published = await releases.publish('2026.11.20', { argvLog });
    const toolsDir = freshTools();
    expect(await locateYtDlp({ pinnedPath: undefined, toolsDir, searchPath: '/nonexistent' })).toEqual({ source: 'missing', path: null });

    const result = await check(toolsDir);
    expect(result).toEqual({
      outcome: 'updated',
      fromVersion: null,
      toVersion: '2026.11.20',
      latestVersion: '2026.11.20',
      offeredSha256: published.sha256,
      message: 'yt-dlp 2026.11.20 terpasang sebagai salinan terkelola.',
    });
    expect(await readdir(toolsDir)).toEqual(['yt-dlp']);
    expect(await sha256(managedYtDlpPath(toolsDir))).toBe(published.sha256);
    expect(await locateYtDlp({ pinnedPath: undefined, toolsDir, searchPath: '/nonexistent' })).toEqual({ source: 'managed', path: managedYtDlpPath(toolsDir) });
    // The redirect to the asset URL was followed, as GitHub's is.
    expect(releases.requests.map((r) => r.status)).toEqual([200, 302, 200]);

    const file = await downloadWith(toolsDir);
    expect(file.ext).toBe('mp4');
    expect(file.sizeBytes).toBeGreaterThan(10_000);
    const download = (await lines(argvLog)).find((argv) => argv.includes('--'));
    expect(download?.slice(0, 2)).toEqual(['--js-runtimes', NODE_RUNTIME]);
    expect(download?.at(-1)).toBe(media.urls.clip3s);

    const again = await check(toolsDir);
    expect(again).toMatchObject({ outcome: 'current', fromVersion: '2026.11.20', toVersion: '2026.11.20', latestVersion: '2026.11.20' });
    expect(releases.completedDownloads()).toBe(1);
  });

  it('a newer release replaces the managed copy; a run after the swap is the new program', async () => {
    const argvLog = join(root, 'swap-argv.log');
    const { toolsDir } = await installed('2025.10.22', argvLog);
    await downloadWith(toolsDir);
    // 2025.10.22 does not know --js-runtimes: none was passed, and the download worked.
    expect((await lines(argvLog)).filter((argv) => argv.includes('--')).map((argv) => argv.includes('--js-runtimes'))).toEqual([false]);
    await releases.publish('2026.11.20.123456', { argvLog });
    expect(await check(toolsDir)).toMatchObject({ outcome: 'updated', fromVersion: '2025.10.22', toVersion: '2026.11.20.123456', message: 'yt-dlp diperbarui dari 2025.10.22 ke 2026.11.20.123456.' });
    await rm(argvLog, { force: true });
    await downloadWith(toolsDir);
    const after = await lines(argvLog);
    // The new file's version is asked (a new file at the same path), then it runs with the flag.
    expect(after[0]).toEqual(['--ignore-config', '--version']);
    expect(after.find((argv) => argv.includes('--'))?.slice(0, 2)).toEqual(['--js-runtimes', NODE_RUNTIME]);
  });
});

describe("the JS runtime gate on the real program", () => {
  it("Debian's yt-dlp 2023.03.04 gets no flag (it would refuse it) and still downloads", async () => {
    const debian = await findProgram(process.env['YTDLP_SOURCE_PATH'] ?? 'yt-dlp');
    expect(debian).toBeDefined();
    const path = debian ?? '';
    expect(await readYtDlpVersion(path)).toBe('2023.03.04');
    expect(await jsRuntimeOf(path)).toMatchObject({ value: undefined, version: '2023.03.04' });
    // Why the gate matters: this yt-dlp stops on the option with "no such option" (exit 2).
    const forced = spawnSync(path, ['--ignore-config', '--js-runtimes', NODE_RUNTIME, '--simulate', '--', media.urls.clip3s], { encoding: 'utf8' });
    expect(forced.status).toBe(2);
    expect(forced.stderr).toMatch(/no such option: --js-runtimes/);
    const toolsDir = freshTools();
    const system = createYtDlp({ binary: path, ffmpegLocation: (await findProgram(FFMPEG)) ?? FFMPEG, allowPrivateNetwork: true, tempRoot: root });
    const result = await system.download({ url: media.urls.clip3s, outputDir: join(toolsDir, '..', 'job'), format: formatForQuality('best'), maxFilesizeBytes: 50_000_000, socketTimeoutSecs: 10 });
    expect(result.sizeBytes).toBeGreaterThan(10_000);
  });

  it('a build of 2025.11.12 accepts the flag it gets and passes it on; a bad runtime name would stop it', async () => {
    const argvLog = join(root, 'gate-argv.log');
    const { toolsDir } = await installed('2025.11.12', argvLog);
    const outcome = await runYtDlp({
      binary: managedYtDlpPath(toolsDir),
      args: ['--ignore-config', '--simulate', '--print', 'title', '--', media.urls.clip3s],
      home: root,
      signal: AbortSignal.timeout(30_000),
      killGraceMs: 500,
      onStdoutLine: () => undefined,
    });
    expect(outcome.exitCode).toBe(0);
    expect((await lines(argvLog)).at(-1)?.slice(0, 2)).toEqual(['--js-runtimes', NODE_RUNTIME]);
    const bad = spawnSync(managedYtDlpPath(toolsDir), ['--js-runtimes', 'rhino', '--simulate', '--', media.urls.clip3s], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
  });
});
