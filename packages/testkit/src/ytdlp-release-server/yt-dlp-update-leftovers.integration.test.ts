// The managed yt-dlp's update check (integrations' yt-dlp-manager) against the release server:
// real builds of yt-dlp with chosen versions, real downloads from the media server (shared steps:
// update-world.ts). This file: failed first installs, no server, no DNS, a full disk,
// leftovers of a crashed check, and machines with no standalone build.
import { spawnSync } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { managedYtDlpPath } from '@scrapper/integrations/yt-dlp-manager/locate';
import { releases, root, nextRun, freshTools, check, sha256, downloadWith, installed, expectOldCopyStays, useUpdateWorld } from './update-world.ts';

useUpdateWorld();

describe('faults: the old copy stays, nothing half-written remains', () => {
  it('a first install that fails leaves no managed copy and no file at all', async () => {
    await releases.publish('2026.11.20');
    releases.setScenario('corrupt');
    const toolsDir = freshTools();
    const result = await check(toolsDir);
    releases.setScenario('normal');
    expect(result).toMatchObject({ outcome: 'failed', fromVersion: null, toVersion: null });
    expect(result.message).toMatch(/Belum ada yt-dlp terkelola/);
    expect(await readdir(toolsDir)).toEqual([]);
  });

  it('no server at all (connection refused): offline, the old copy stays', async () => {
    const { toolsDir, sha } = await installed('2025.09.01');
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const result = await check(toolsDir, { releaseUrl: `http://127.0.0.1:${port}/download` });
    expect(result).toMatchObject({ outcome: 'offline', fromVersion: '2025.09.01', latestVersion: null });
    expect(result.message).toBe('Tidak dapat memeriksa pembaruan yt-dlp: server rilis tidak terjangkau (ECONNREFUSED). yt-dlp 2025.09.01 yang ada tetap dipakai.');
    await expectOldCopyStays(toolsDir, sha, '2025.09.01');
  });

  it('no DNS (no internet): offline', async () => {
    const result = await check(freshTools(), { releaseUrl: 'http://release.invalid/download' });
    expect(result.outcome).toBe('offline');
    expect(result.message).toMatch(/server rilis tidak terjangkau \((ENOTFOUND|EAI_AGAIN)\)/);
  });

  it('a full disk (a real tmpfs) during the download: failed, the old copy stays, no partial file', async (context) => {
    const dataDir = join(root, `full-${nextRun()}`);
    const toolsDir = join(dataDir, 'tools');
    await mkdir(toolsDir, { recursive: true });
    releases.setScenario('normal');
    const old = await releases.publish('2025.09.01');
    // Room for the old copy and a little more, not for a second build beside it.
    const size = Math.ceil((old.bytes + 512 * 1024) / 4096) * 4096;
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', toolsDir]);
    if (mount.status !== 0) {
      console.log(`full disk: skipped, no tmpfs (${mount.stderr?.toString().trim() || 'mount unavailable'})`);
      context.skip();
      return;
    }
    try {
      expect(await check(toolsDir)).toMatchObject({ outcome: 'updated', toVersion: '2025.09.01' });
      const sha = await sha256(managedYtDlpPath(toolsDir));
      await releases.publish('2026.11.20');
      const result = await check(toolsDir);
      expect(result).toMatchObject({ outcome: 'failed', fromVersion: '2025.09.01' });
      expect(result.message).toBe(`Pembaruan yt-dlp gagal: disk penuh di ${toolsDir}. yt-dlp 2025.09.01 yang ada tetap dipakai.`);
      await expectOldCopyStays(toolsDir, sha, '2025.09.01');
      expect((await downloadWith(toolsDir)).sizeBytes).toBeGreaterThan(10_000);
    } finally {
      spawnSync('umount', [toolsDir]);
    }
  });

  it('leftovers of a crashed check are removed by the next one', async () => {
    const { toolsDir } = await installed('2025.09.01');
    const leftover = join(toolsDir, '.yt-dlp-crashed.download');
    spawnSync('sh', ['-c', `head -c 1000 /dev/zero > '${leftover}' && touch -d '2 hours ago' '${leftover}'`]);
    await releases.publish('2026.11.20');
    expect(await check(toolsDir, { timeouts: { responseMs: 2000, idleMs: 1500, totalMs: 60_000 } })).toMatchObject({ outcome: 'updated' });
    expect(await readdir(toolsDir)).toEqual(['yt-dlp']);
  });

  it('a machine with no standalone build (not linux x64/arm64) skips', async () => {
    expect(await check(freshTools(), { platform: 'darwin', arch: 'arm64' })).toMatchObject({ outcome: 'skipped' });
  });
});
