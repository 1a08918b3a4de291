// Which yt-dlp the API's audio look-ups run: YTDLP_PATH, else the worker's managed copy in the
// same DATA_DIR/tools (read only), else `yt-dlp` on PATH; the JS runtime goes with a new enough
// one. Real yt-dlp builds from testkit's release server, the real media server.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { chmod, copyFile, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import { startGuardProxy, type GuardProxy } from '@scrapper/integrations/guard-proxy';
import { managedYtDlpPath } from '@scrapper/integrations/yt-dlp-manager/locate';
import { updateManagedYtDlp } from '@scrapper/integrations/yt-dlp-manager/update-managed';
import { startMediaServer, type MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { startYtDlpReleaseServer, type YtDlpReleaseServer } from '@scrapper/testkit/ytdlp-release-server/start-ytdlp-release-server';
import { loadEnv } from '../../env.ts';
import { lookUpAudioInfo } from './audio-lookup.ts';
import { createConcurrencyGate } from './concurrency-gate.ts';

let media: MediaServer;
let releases: YtDlpReleaseServer;
/** The URL guard yt-dlp goes through, as the app's own (plugins/yt-dlp-guard.ts): closed with the file. */
let guard: GuardProxy;
let root: string;
const user = { id: '00000000-0000-4000-8000-000000000001', username: 'member', role: 'user' } as SessionUser;

beforeAll(async () => {
  [media, releases] = await Promise.all([startMediaServer(), startYtDlpReleaseServer()]);
  guard = await startGuardProxy({ allowHosts: [new URL(media.urls.audioPage).host] });
  root = mkdtempSync(join(tmpdir(), 'api-audio-lookup-'));
}, 120_000);
afterAll(async () => {
  await guard?.close();
  await media?.close();
  await releases?.close();
  rmSync(root, { recursive: true, force: true });
});

function depsFor(dataDir: string, extra: Record<string, string> = {}) {
  const env = loadEnv({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', DATA_DIR: dataDir, FETCH_ALLOW_PRIVATE_HOSTS: new URL(media.urls.audioPage).host, ...extra });
  return { gate: createConcurrencyGate(2), env: { ...env, ytDlpProxyUrl: guard.url } };
}

async function lines(path: string): Promise<string[][]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string[]);
}

describe('the yt-dlp of audio look-ups', () => {
  it("runs the worker's managed copy (with --js-runtimes) and never changes it", async () => {
    const argvLog = join(root, 'managed-argv.log');
    await releases.publish('2026.11.20', { argvLog });
    const dataDir = join(root, 'managed');
    const toolsDir = join(dataDir, 'tools');
    expect(await updateManagedYtDlp({ releaseUrl: releases.baseUrl, toolsDir })).toMatchObject({ outcome: 'updated' });
    const before = createHash('sha256').update(await readFile(managedYtDlpPath(toolsDir))).digest('hex');
    releases.clearRequests();
    const info = await lookUpAudioInfo(depsFor(dataDir), user, media.urls.audioPage, AbortSignal.timeout(60_000));
    expect(info.webpage_url).toBe(media.urls.audioPage);
    const run = (await lines(argvLog)).find((argv) => argv.at(-1) === media.urls.audioPage);
    expect(run?.slice(0, 2)).toEqual(['--js-runtimes', `node:${process.execPath}`]);
    expect(releases.requests).toEqual([]);
    expect(await readdir(toolsDir)).toEqual(['yt-dlp']);
    expect(createHash('sha256').update(await readFile(managedYtDlpPath(toolsDir))).digest('hex')).toBe(before);
  });

  it('YTDLP_PATH wins over a managed copy', async () => {
    const managedLog = join(root, 'managed2-argv.log');
    const pinnedLog = join(root, 'pinned-argv.log');
    await releases.publish('2026.11.21', { argvLog: managedLog });
    const dataDir = join(root, 'pinned');
    expect(await updateManagedYtDlp({ releaseUrl: releases.baseUrl, toolsDir: join(dataDir, 'tools') })).toMatchObject({ outcome: 'updated' });
    const pinned = await releases.publish('2025.10.22', { argvLog: pinnedLog });
    const pinnedPath = join(root, 'operator-yt-dlp');
    await copyFile(pinned.path, pinnedPath);
    await chmod(pinnedPath, 0o755);
    await lookUpAudioInfo(depsFor(dataDir, { YTDLP_PATH: pinnedPath }), user, media.urls.audioPage, AbortSignal.timeout(60_000));
    // The managed copy only ever answered the updater's --version.
    expect((await lines(managedLog)).filter((argv) => !argv.includes('--version'))).toEqual([]);
    const run = (await lines(pinnedLog)).find((argv) => argv.at(-1) === media.urls.audioPage);
    // 2025.10.22 predates --js-runtimes: none is passed.
    expect(run?.[0]).toBe('--ignore-config');
  });

  it('without either, the system yt-dlp on PATH', async () => {
    const info = await lookUpAudioInfo(depsFor(join(root, 'empty')), user, media.urls.audioPage, AbortSignal.timeout(60_000));
    expect(info.title).toBeTruthy();
  });
});
