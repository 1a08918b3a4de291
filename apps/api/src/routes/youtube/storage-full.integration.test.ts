// A store out of room while a member uploads a video: a 507 with the drivers' Indonesian message,
// no upload row, no job, nothing left in the store; once room is back the same upload goes through.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { connectAccount, createClientSecret, fakeGoogleEnv } from '../../../test/youtube.ts';

let h: Harness;
let fake: FakeGoogle;
let work: string;
let alice: string;
let account: string;
let clip: Buffer;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'storage-full-api-'));
  // prettier-ignore
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=96x64:rate=10:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', join(work, 'clip.mp4')]);
  clip = readFileSync(join(work, 'clip.mp4'));
  fake = await startFakeGoogle({ autoApprove: true });
  h = await startHarness(fakeGoogleEnv(fake), { storageDriver: 's3' });
  await h.createUser('boss', 'boss-password', 'admin');
  await h.createUser('alice', 'alice-password', 'user');
  const admin = await h.login('boss', 'boss-password');
  alice = await h.login('alice', 'alice-password');
  account = await connectAccount(h, alice, await createClientSecret(h, admin));
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
  rmSync(work, { recursive: true, force: true });
});

async function upload(): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('accountId', account);
  form.append('title', 'Video Kucing');
  form.append('madeForKids', 'false');
  form.append('videoFile', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const res = await fetch(`${h.baseUrl}/api/youtube/upload`, { method: 'POST', headers: { authorization: `Bearer ${alice}` }, body: form });
  return { status: res.status, body: await res.json() };
}

async function uploadRows(): Promise<number> {
  const rows = await h.database.sql`select count(*)::int as n from youtube_uploads`;
  return rows[0]?.n ?? 0;
}

describe('storage full during an upload', () => {
  it('answers 507 with a readable message and keeps nothing; works again once room is back', async () => {
    const s3 = h.s3;
    if (!s3) throw new Error('the harness was asked for s3');
    s3.setFreeBytes(1024);
    const refused = await upload();
    expect(refused.status).toBe(507);
    expect(refused.body.message).toMatch(/Penyimpanan penuh/);
    expect(await uploadRows()).toBe(0);
    expect(await h.storedFiles('uploads/')).toEqual([]);
    expect(await s3.multipartUploads()).toEqual([]);

    s3.setFreeBytes(undefined);
    const accepted = await upload();
    expect(accepted.status).toBeLessThan(300);
    expect(await uploadRows()).toBe(1);
    expect((await h.storedFiles('uploads/')).length).toBe(1);
  });
});
