// Issue 33 item 7: an automation publishes to any set of its owner's destinations, one publish
// post per video with one target per destination, through the composer's own command (exactly
// once per target, webhooks, one summary per post), each destination within its daily budget.
// Real parts: embedded PostgreSQL, pg-boss, the TikTok and Meta adapters against their fakes,
// videos made by ffmpeg. The run starts at its publish step with its items downloaded (the
// steps before it are proven in automation.integration.test.ts); the clock reaching a slot is
// the test moving the waiting publish jobs' start to now.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutomationConfig } from '@scrapper/contracts/http/automations';
import { enqueue } from '@scrapper/db/queue';
import { findRun, insertAutomation, insertRunIfIdle, updateRun } from '@scrapper/db/queries/automations';
import { insertPublishPost } from '@scrapper/db/queries/publish-posts';
import { automationItems, downloads, notifications, publishPosts, publishTargets, webhookDeliveries } from '@scrapper/db/schema';
import type { FakeMeta } from '@scrapper/testkit/fake-meta/start-fake-meta';
import type { FakeTikTok } from '@scrapper/testkit/fake-tiktok/start-fake-tiktok';
import { makeVideo } from '@scrapper/testkit/publish-fixtures';
import type { WorkerHarness } from '../../../test/harness.ts';
import { connectDestinations, sha256, startPublishWorld, type PublishWorld } from '../../../test/publish-world.ts';
import { until } from '../../../test/waits.ts';
import type { RunningWorker } from '../../worker.ts';

const client = { clientKey: 'aw-otomasi', clientSecret: 'rahasia-otomasi' };
const DAY_MS = 24 * 3600_000;
let world: PublishWorld;
let h: WorkerHarness;
let tiktok: FakeTikTok;
let meta: FakeMeta;
let worker: RunningWorker;
let ownerId: string;
const ids = {} as { tiktok: string; facebook: string };

const configTo = (destinations: string[]): AutomationConfig => ({
  source: { actorId: 'clockworks/tiktok-scraper', input: { searchQueries: ['kucing'] }, platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' } },
  schedule: { kind: 'interval', intervalMinutes: 60 },
  filters: { minPlays: null, minLikes: null, minDurationSeconds: null, maxDurationSeconds: null, postedWithinDays: null, includeWords: [], excludeWords: [], skipDownloaded: true, skipDuplicateTitles: true },
  download: { quality: 'best' },
  publish: {
    destinations,
    playlistId: null,
    slots: ['00:00', '06:00', '12:00', '18:00'],
    maxPerDay: 4,
    privacyStatus: 'public',
    categoryId: '22',
    madeForKids: false,
    videoEffect: 'none',
    metadata: { mode: 'template', title: '{title} dari {platform}', description: 'Oleh {author}', tags: [] },
  },
});

/** An automation whose run is at its publish step with `titles` downloaded (ffmpeg's videos). */
async function runAtPublish(destinations: string[], titles: string[]) {
  const automation = await insertAutomation(h.database.db, { ownerId, name: `Otomasi ${crypto.randomUUID().slice(0, 6)}`, config: configTo(destinations), nextRunAt: new Date(Date.now() + DAY_MS) });
  const run = await insertRunIfIdle(h.database.db, automation.id, 'manual');
  if (!run) throw new Error('no run');
  const files: Buffer[] = [];
  for (const title of titles) {
    const path = join(h.dataDir, `${crypto.randomUUID()}.mp4`);
    makeVideo(path, { width: 540, height: 960 });
    const bytes = readFileSync(path);
    files.push(bytes);
    const key = `downloads/${ownerId}/${crypto.randomUUID()}.mp4`;
    await h.storage.write(key, bytes);
    const itemId = crypto.randomUUID();
    const [download] = await h.database.db
      .insert(downloads)
      .values({ ownerId, platform: 'tiktok', sourceItemId: itemId, sourceUrl: `https://www.tiktok.com/@kreator/video/${itemId}`, title, quality: 'best', status: 'completed', storageKey: key, sizeBytes: bytes.length, mime: 'video/mp4', finishedAt: new Date() })
      .returning();
    await h.database.db.insert(automationItems).values({ automationId: automation.id, itemKey: `tiktok:${itemId}`, runId: run.id, title, titleKey: title.toLowerCase(), author: 'kreator', platform: 'tiktok', downloadId: download?.id ?? null, downloadedAt: new Date() });
  }
  await updateRun(h.database.db, run.id, { stage: 'publish', counts: { ...run.counts, new: titles.length, downloaded: titles.length } });
  return { automation, runId: run.id, files };
}

async function finished(runId: string) {
  await enqueue(worker.boss, 'automation.run', { runId }, { singletonKey: runId });
  return until(`run ${runId} to finish`, async () => {
    const run = await findRun(h.database.db, runId);
    return run?.finishedAt ? run : undefined;
  }, 120_000);
}

async function targetsOfRun(runId: string) {
  return h.database.db
    .select({ target: publishTargets, post: publishPosts })
    .from(publishTargets)
    .innerJoin(publishPosts, eq(publishPosts.id, publishTargets.postId))
    .where(eq(publishPosts.automationRunId, runId));
}

/** The clock reaches the slots: the run's waiting publish jobs may start now. */
async function reachSlots(targetIds: string[]) {
  await h.database.sql`update pgboss.job set start_after = now() where name = 'publish.target' and state = 'created' and data->>'targetId' = any(${targetIds})`;
}

beforeAll(async () => {
  world = await startPublishWorld({ name: 'automation-publish', client, queues: 'automation.run,publish.target,webhook.deliver' });
  ({ h, tiktok, meta } = world);
  ownerId = await h.insertUser('otomator');
  const made = await connectDestinations(world, { userId: ownerId, client, username: 'dapurotomasi', webhookUrl: 'https://hooks.example.com/otomasi' });
  ids.tiktok = made.tiktok;
  ids.facebook = made.facebook;
  worker = await h.startWorker();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('an automation publishing everywhere', () => {
  it('publishes each video to TikTok (inbox draft) and a Facebook Page exactly once, one post per video, in its slots', async () => {
    const { runId, files } = await runAtPublish([ids.tiktok, ids.facebook], ['Kucing melompat']);
    const run = await finished(runId);
    expect(run.status, run.error ?? '').toBe('completed');
    expect(run.counts).toMatchObject({ queued: 1, rolledOver: 0 });

    const rows = await targetsOfRun(runId);
    expect(new Set(rows.map((r) => r.post.id)).size).toBe(1);
    expect(rows.map((r) => r.target.platform).sort()).toEqual(['facebook', 'tiktok']);
    const post = rows[0]?.post;
    expect(post).toMatchObject({ title: 'Kucing melompat dari TikTok', caption: 'Kucing melompat dari TikTok\n\nOleh kreator' });
    // The slot: one of the automation's WIB times, ahead; both destinations publish then.
    expect(['17:00', '23:00', '05:00', '11:00']).toContain(post?.scheduledAt?.toISOString().slice(11, 16));
    for (const { target } of rows) expect(target.scheduledAt?.toISOString()).toBe(post?.scheduledAt?.toISOString());
    const item = (await h.database.db.select().from(automationItems).where(eq(automationItems.runId, runId)))[0];
    expect(item?.publishPostId).toBe(post?.id);

    // The run's job again (a retry, a nudge by the tick): nothing new.
    await enqueue(worker.boss, 'automation.run', { runId }, { singletonKey: runId });
    await reachSlots(rows.map((r) => r.target.id));
    const final = await until('both targets to end', async () => {
      const now = await targetsOfRun(runId);
      return now.every((r) => ['published', 'sent_to_inbox', 'failed'].includes(r.target.status)) ? now : undefined;
    }, 120_000);
    expect(final).toHaveLength(2);
    const byPlatform = Object.fromEntries(final.map((r) => [r.target.platform, r.target]));
    expect(byPlatform.tiktok?.status).toBe('sent_to_inbox');
    expect(byPlatform.facebook?.status, byPlatform.facebook?.reason ?? '').toBe('published');
    const drafts = tiktok.posts().filter((p) => p.publishId === byPlatform.tiktok?.remoteId);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ mode: 'inbox', sha256: sha256(files[0] ?? Buffer.alloc(0)) });
    expect(meta.posts().filter((p) => p.platform === 'facebook')).toHaveLength(1);
    expect(meta.posts().filter((p) => p.platform === 'facebook')[0]?.sha256).toBe(sha256(files[0] ?? Buffer.alloc(0)));
    // One webhook event per target; the bell has the run's one summary, and the post that went
    // out as it said adds nothing (issue 31 item 3: one notification per run).
    const events = await h.database.db.select().from(webhookDeliveries);
    expect(events.filter((e) => (e.payload as { type: string }).type === 'post.published')).toHaveLength(2);
    const summary = await h.database.db.select().from(notifications).where(and(eq(notifications.userId, ownerId), eq(notifications.dedupeKey, `publish-post:${post?.id}`)));
    expect(summary).toEqual([]);
    const said = await h.database.db.select().from(notifications).where(and(eq(notifications.userId, ownerId), eq(notifications.dedupeKey, `automation-run:${runId}`)));
    expect(said.map((n) => n.kind)).toEqual(['automation.completed']);
    expect(said[0]?.message).toContain('1 dijadwalkan untuk dipublikasikan');
  }, 240_000);

  it('rolls a destination over its daily budget to the next day while the other keeps its slot', async () => {
    // Five TikTok inbox drafts in the last hours: TikTok's pending-draft budget (5 a day) is spent.
    const [file] = await h.database.db.select().from(downloads).where(eq(downloads.ownerId, ownerId)).limit(1);
    for (let i = 0; i < 5; i++) {
      await h.database.transaction(({ db }) =>
        insertPublishPost(db, { userId: ownerId, serverFileId: file?.id ?? null, caption: `Draf ${i}` }, [
          { platform: 'tiktok', accountId: ids.tiktok, options: { mode: 'inbox' }, status: 'sent_to_inbox', finishedAt: new Date() },
        ]),
      );
    }
    const { runId } = await runAtPublish([ids.tiktok, ids.facebook], ['Anjing berlari']);
    const run = await finished(runId);
    expect(run.status, run.error ?? '').toBe('completed');
    expect(run.counts).toMatchObject({ queued: 1, rolledOver: 1 });
    expect(run.notes.join(' ')).toContain('1 posting ke TikTok "dapurotomasi" dipindah ke hari berikutnya karena batas posting hariannya penuh');
    const rows = await targetsOfRun(runId);
    const slot = rows[0]?.post.scheduledAt?.getTime() ?? 0;
    const tiktokTarget = rows.find((r) => r.target.platform === 'tiktok')?.target;
    const facebookTarget = rows.find((r) => r.target.platform === 'facebook')?.target;
    expect(facebookTarget?.scheduledAt?.getTime()).toBe(slot);
    expect(tiktokTarget?.scheduledAt?.getTime()).toBe(slot + DAY_MS);
    // Its job waits for that later day.
    const [job] = await worker.boss.findJobs('publish.target', { data: { targetId: tiktokTarget?.id ?? '' } });
    expect(new Date(job?.startAfter ?? 0).getTime()).toBe(slot + DAY_MS);
    expect(await h.database.db.select().from(publishTargets).where(inArray(publishTargets.id, rows.map((r) => r.target.id)))).toHaveLength(2);
  }, 240_000);
});
