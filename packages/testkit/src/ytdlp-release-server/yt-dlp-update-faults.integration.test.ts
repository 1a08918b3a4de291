// The managed yt-dlp's update check (integrations' yt-dlp-manager) against the release server:
// real builds of yt-dlp with chosen versions, real downloads from the media server (shared steps:
// update-world.ts). This file: every fault of the release server. After each, the old copy is
// still the managed copy, byte for byte, and nothing else is left in the tools folder.
import { describe, expect, it } from 'vitest';
import type { ReleaseScenario } from './start-ytdlp-release-server.ts';
import { releases, check, downloadWith, installed, expectOldCopyStays, useUpdateWorld } from './update-world.ts';

useUpdateWorld();

describe('faults: the old copy stays, nothing half-written remains', () => {
  const faults: Array<[ReleaseScenario, 'failed' | 'offline', RegExp]> = [
    ['corrupt', 'failed', /ditolak: checksum SHA-256 yt-dlp_linux tidak cocok dengan SHA2-256SUMS \(diharapkan [0-9a-f]{12}…, didapat [0-9a-f]{12}…\)/],
    ['truncated', 'failed', /gagal: sambungan ke server rilis terputus/],
    ['hang', 'failed', /gagal: server rilis berhenti mengirim selama 2 detik/],
    ['hang-sums', 'failed', /Pemeriksaan pembaruan yt-dlp gagal: server rilis tidak menjawab dalam 2 detik/],
    ['not-found', 'failed', /Pemeriksaan pembaruan yt-dlp gagal: server rilis menjawab HTTP 404 untuk SHA2-256SUMS/],
    ['asset-not-found', 'failed', /Pembaruan yt-dlp gagal: server rilis menjawab HTTP 404 untuk yt-dlp_linux/],
    ['server-error', 'failed', /Pemeriksaan pembaruan yt-dlp gagal: server rilis menjawab HTTP 500 untuk SHA2-256SUMS/],
    ['does-not-run', 'failed', /ditolak: rilis baru tidak dapat dijalankan \(keluar dengan kode 1: this release is broken\)/],
    ['not-a-program', 'failed', /ditolak: rilis baru tidak dapat dijalankan/],
  ];

  it.each(faults)('%s -> %s', async (scenario, outcome, message) => {
    const { toolsDir, sha } = await installed('2025.09.01');
    await releases.publish('2026.11.20');
    releases.setScenario(scenario);
    const started = Date.now();
    const result = await check(toolsDir, scenario === 'hang' ? { timeouts: { responseMs: 2000, idleMs: 2000, totalMs: 20_000 } } : {});
    releases.setScenario('normal');
    expect(result).toMatchObject({ outcome, fromVersion: '2025.09.01', toVersion: '2025.09.01' });
    expect(result.message).toMatch(message);
    expect(result.message).toMatch(/yt-dlp 2025\.09\.01 yang ada tetap dipakai\.$/);
    expect(Date.now() - started).toBeLessThan(15_000);
    await expectOldCopyStays(toolsDir, sha, '2025.09.01');
    // And it still downloads.
    expect((await downloadWith(toolsDir)).sizeBytes).toBeGreaterThan(10_000);
  });
});
