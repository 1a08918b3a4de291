// The restore drill of docs/operations.md, performed: the product as `npm start` runs it
// (embedded PostgreSQL, API, worker) gets a member, a downloaded file and stored secrets; it is
// stopped and backed up with the guide's own backup block; DATA_DIR is wiped; the guide's
// restore block brings it back; the product starts again and serves the same logins, the same
// bytes and secrets that still open. The shell blocks are read from the guide itself, so the
// guide cannot drift from what this test proves.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@scrapper/db/embedded';
import { startFakeApify, type FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import { startMediaServer, type MediaServer } from '@scrapper/testkit/media-server/start-media-server';
import { createDrillData, expectDrillDataBack, Product, productEnv, runGuideBlock, scriptDrillScrape, type DrillData } from './drill-support.ts';

const rotateCli = fileURLToPath(new URL('../../api/src/secrets-rotate.ts', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'scrapper-restore-drill-'));
const dataDir = join(workDir, 'data');
const backupFile = join(workDir, 'backup', 'scrapper.tar.gz');
let product: Product;
let fake: FakeApify;
let media: MediaServer;

function runGuide(name: string): void {
  runGuideBlock(name, { PATH: process.env.PATH, HOME: workDir, DATA_DIR: dataDir, BACKUP: backupFile });
}

beforeAll(async () => {
  fake = await startFakeApify({ waitForFinishCapMs: 50 });
  media = await startMediaServer();
  const port = await findFreePort();
  // Keys come from DATA_DIR/secrets.json, as on a machine set up by `npm start`.
  product = new Product(`http://127.0.0.1:${port}`, productEnv({ dataDir, port, fake }));
  scriptDrillScrape(fake, media);
}, 60_000);

afterAll(async () => {
  await product?.stop();
  await fake?.close();
  await media?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('the restore drill of docs/operations.md', () => {
  let before: DrillData | undefined;
  let restored = false;

  it('a running product gets a member, a downloaded file and stored secrets', async () => {
    await product.start();
    before = await createDrillData(product, fake);
  }, 240_000);

  it("backs up with the guide's block, wipes DATA_DIR, and restores with the guide's block", async () => {
    await product.stop();
    mkdirSync(dirname(backupFile), { recursive: true });
    runGuide('backup');
    expect(existsSync(backupFile)).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
    expect(existsSync(dataDir)).toBe(false);
    runGuide('restore');
    expect(existsSync(join(dataDir, 'postgres', 'pgdata', 'PG_VERSION'))).toBe(true);
    restored = true;
  }, 120_000);

  it('the restored product serves the same logins, the same bytes, and secrets that open', async () => {
    expect(restored).toBe(true);
    await product.start();
    await expectDrillDataBack(product, (before as DrillData));
  }, 240_000);

  it('pnpm secrets:rotate moves the one-machine database to a new key, running or stopped', async () => {
    expect(restored).toBe(true);
    const secretsFile = join(dataDir, 'secrets.json');
    const local = JSON.parse(readFileSync(secretsFile, 'utf8')) as { jwtSecret: string; secretsKey: string };
    const newKey = randomBytes(32).toString('base64');
    // No DATABASE_URL: the CLI finds the embedded server `npm start` runs, or starts it itself.
    const rotate = () =>
      spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', rotateCli], {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: local.secretsKey },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const running = rotate();
    expect(running.stderr).toBe('');
    expect(running.status).toBe(0);
    expect(running.stdout).toContain('API keys (Apify, Gemini): 1 found, 1 re-encrypted, 0 already under the new key');
    expect(running.stdout).toContain('cookie sets: 1 found, 1 re-encrypted, 0 already under the new key');
    await product.stop();
    const stopped = rotate();
    expect(stopped.status).toBe(0);
    expect(stopped.stdout).toContain('API keys (Apify, Gemini): 1 found, 0 re-encrypted, 1 already under the new key');
    // The guide's last step on one machine: the new key into secrets.json, then start.
    writeFileSync(secretsFile, JSON.stringify({ ...local, secretsKey: newKey }, null, 2), { mode: 0o600 });
    await product.start();
    const admin = (await product.login('admin', 'admin-password')).token;
    const validated = await product.call('POST', `/api/keys/${(before as DrillData).keyId}/validate`, admin);
    expect(validated.body.isValid).toBe(true);
    const cookies = await product.call('GET', '/api/config/cookies', admin);
    expect(JSON.stringify(cookies.body.tiktok)).toBe((before as DrillData).cookies);
  }, 240_000);
});
