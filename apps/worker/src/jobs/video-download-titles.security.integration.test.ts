// Hostile titles and file names from the media server, end to end through the worker's download
// job with the real yt-dlp: the page's title (an option, a path) and the file's name (`../`,
// leading dash, 300 multi-byte characters) become neither an option nor a path. The stored key
// is made of our ids, the job folder is gone afterwards, and no marker file appears.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import type { MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import type { TestStorage } from '@scrapper/testkit/s3-server/start-test-storage';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { downloadFinished, until } from '../../test/waits.ts';
import type { Env } from '../env.ts';
import type { RunningWorker } from '../worker.ts';

let h: WorkerHarness;
let database: Database;
let dataDir: string;
let env: Env;
let testStorage: TestStorage;
let media: MediaServer;
let worker: RunningWorker;
let ownerId: string;
let marker: string;

beforeAll(async () => {
  h = await startWorkerHarness({
    name: 'download-titles',
    media: {},
    poolMax: 4,
    env: {
      WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0',
      WORKER_CONCURRENCY_SCRAPE_RUN: '0',
    },
  });
  ({ database, dataDir, testStorage, media } = h);
  marker = join(dataDir, 'PWNED');
  env = h.env();
  ownerId = await h.insertUser('member');
  worker = await h.startWorker();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

function finished(id: string, ms = 60_000) {
  return downloadFinished(database, id, ms);
}

describe('video.download with hostile titles and file names', () => {
  it('downloads each one under our own key and runs nothing', async () => {
    const exec = `--exec touch ${marker}`;
    const sources = [
      media.titledPageUrl(exec),
      media.titledPageUrl(`../../../../tmp/${exec}`),
      media.titledPageUrl('-o /etc/x --config-location /etc/passwd'),
      media.namedClipUrl(`${exec}.mp4`),
      media.namedClipUrl('../../../../tmp/evil.mp4'),
      media.namedClipUrl('..\\..\\evil.mp4'),
      media.namedClipUrl('-o.mp4'),
      media.namedClipUrl('....mp4'),
      media.namedClipUrl(`${'ä'.repeat(300)}.mp4`),
    ];
    const ids: string[] = [];
    for (const [index, url] of sources.entries()) {
      const { row } = await insertOrJoinDownload(database.db, {
        ownerId,
        platform: 'tiktok',
        sourceItemId: `titled-${index}`,
        sourceUrl: url,
        directUrl: null,
        resultFileName: null,
        // The scraped title is hostile too: it is shown and used for the download name only.
        title: `../../${exec}`,
        author: 'x',
        quality: 'best',
        batchId: null,
        item: {},
      });
      await enqueue(worker.boss, 'video.download', { downloadId: row.id }, { singletonKey: row.id });
      ids.push(row.id);
    }
    for (const [index, id] of ids.entries()) {
      const row = await finished(id);
      expect(row.error, sources[index]).toBeNull();
      expect(row.status, sources[index]).toBe('completed');
      expect(row.storageKey, sources[index]).toBe(`downloads/${ownerId}/${id}.mp4`);
    }
    expect((await testStorage.files('downloads/')).sort()).toEqual(ids.map((id) => `downloads/${ownerId}/${id}.mp4`).sort());
    expect(existsSync(marker)).toBe(false);
    expect(existsSync('/tmp/evil.mp4')).toBe(false);
    // The row is committed inside the handler and the job folder removed as it returns: once
    // pg-boss has every job completed, every handler has returned.
    await until('every download job to be completed', async () => {
      const [row] = await database.sql<{ n: number }[]>`
        select count(*)::int as n from pgboss.job where name = 'video.download' and state = 'completed' and data->>'downloadId' = any(${ids})`;
      return row?.n === ids.length ? true : undefined;
    });
    // The job folders are gone; nothing else appeared in the data folder but what was there.
    const downloadsTemp = join(env.tempDir, 'downloads');
    expect(existsSync(downloadsTemp) ? readdirSync(downloadsTemp) : []).toEqual([]);
    console.log(`injection cases (worker titles and names): ${sources.length}`);
  }, 80_000);
});
