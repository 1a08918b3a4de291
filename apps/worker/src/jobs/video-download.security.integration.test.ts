// SSRF from the worker's side: the media URLs of download jobs come from scrape results (a third
// party's data), so a hostile item must fail like any other refused URL. Private networks are not
// allowed here (the production default): the worker runs its own guard proxy, yt-dlp refuses the
// page URL, and the direct-URL fallback refuses the media URL. A canary on loopback must hear
// nothing, and nothing may be stored.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@scrapper/db/client';
import { enqueue } from '@scrapper/db/queue';
import { insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import type { TestStorage } from '@scrapper/testkit/s3-server/start-test-storage';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { downloadFinished } from '../../test/waits.ts';
import type { RunningWorker } from '../worker.ts';

let h: WorkerHarness;
let database: Database;
let testStorage: TestStorage;
let worker: RunningWorker;
let ownerId: string;
let canary: Server;
let canaryHits: string[] = [];
let P = 0;

beforeAll(async () => {
  canary = createServer((req, res) => {
    canaryHits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'video/mp4' }).end('secret');
  });
  await new Promise<void>((resolve) => canary.listen(0, '::', resolve));
  P = (canary.address() as AddressInfo).port;
  h = await startWorkerHarness({
    name: 'download-ssrf',
    poolMax: 4,
    env: { WORKER_CONCURRENCY_MAINTENANCE_SWEEP: '0', WORKER_CONCURRENCY_SCRAPE_RUN: '0' },
  });
  ({ database, testStorage } = h);
  expect(h.env().allowPrivateNetworkFetch).toBe(false);
  ownerId = await h.insertUser('member');
  worker = await h.startWorker();
}, 120_000);

afterAll(async () => {
  await h?.close();
  canary?.closeAllConnections();
  await new Promise((resolve) => canary?.close(resolve));
});

function finished(id: string, ms = 60_000) {
  return downloadFinished(database, id, ms);
}

describe('video.download with hostile item URLs', () => {
  it('fails each job with the guard’s reason, on the page URL and the direct-URL fallback alike', async () => {
    const urls = [
      `http://127.0.0.1:${P}/v.mp4`,
      `http://[::1]:${P}/v.mp4`,
      `http://[::ffff:7f00:1]:${P}/v.mp4`,
      `http://[::ffff:0:7f00:1]:${P}/v.mp4`,
      `http://2130706433:${P}/v.mp4`,
      `http://0x7f.1:${P}/v.mp4`,
      `http://0:${P}/v.mp4`,
      `http://localhost:${P}/v.mp4`,
      `http://localhost.:${P}/v.mp4`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/v.mp4',
      'http://192.168.1.1/v.mp4',
      'http://[fd00::1]/v.mp4',
      'file:///etc/passwd',
      `http://user@127.0.0.1:${P}/v.mp4`,
    ];
    const ids: string[] = [];
    for (const [index, url] of urls.entries()) {
      const { row } = await insertOrJoinDownload(database.db, {
        ownerId,
        platform: 'douyin',
        sourceItemId: `hostile-${index}`,
        sourceUrl: url,
        // The fallback a Douyin item carries: hostile too.
        directUrl: urls[(index + 1) % urls.length] ?? null,
        resultFileName: null,
        title: `Hostile ${index}`,
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
      expect(row.status, urls[index]).toBe('failed');
      expect(row.error, urls[index]).toMatch(/jaringan lokal atau privat|loopback|Hanya URL http|nama pengguna/);
      expect(row.storageKey, urls[index]).toBeNull();
    }
    expect(await testStorage.files('downloads/')).toEqual([]);
    expect(canaryHits).toEqual([]);
    canaryHits = [];
    console.log(`ssrf cases (worker downloads): ${urls.length}`);
  }, 80_000);
});
