// The expiry warning of the maintenance sweep (issue 17 item 4), on the embedded PostgreSQL:
// a member whose synced cookies expire within 3 days while the extension has not synced them
// for 12 hours hears it once per synced set; the admins hear it once per saved pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@scrapper/db/client';
import { replaceCookieSets } from '@scrapper/db/queries/cookie-sets';
import { upsertMemberCookies } from '@scrapper/db/queries/member-cookies';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { startWorkerHarness, type WorkerHarness } from '../../test/harness.ts';
import { warnExpiringCookies } from './warn-expiring-cookies.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

let h: WorkerHarness;
let database: Database;
let box: SecretBox;
let ana: string;
let budi: string;
let cici: string;
let admin: string;

const sync = (ownerId: string, platform: string, syncedAt: number, expiry: number | null) =>
  upsertMemberCookies(
    database.db,
    {
      ownerId,
      platform,
      sealedCookies: box.seal('x'),
      cookieCount: 1,
      earliestExpiry: expiry === null ? null : new Date(expiry),
    },
    new Date(syncedAt),
  );

const notes = async (kind: string) =>
  (
    await database.sql`select user_id::text, message, link from notifications where kind = ${kind} order by created_at`
  ).map((r) => ({ ...r }));

beforeAll(async () => {
  h = await startWorkerHarness({ name: 'warn-expiring-cookies', storage: 'none' });
  ({ database, box } = h);
  ana = await h.insertUser('ana');
  budi = await h.insertUser('budi');
  cici = await h.insertUser('cici');
  admin = await h.insertUser('admin', 'admin');
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe("a member's cookies about to expire", () => {
  it('are warned about once per synced set, only when the extension has stopped syncing them', async () => {
    const now = Date.now();
    await sync(ana, 'tiktok', now - 13 * HOUR, now + 2 * DAY); // unattended, expiring: warned
    await sync(budi, 'tiktok', now - 1 * HOUR, now + 1 * DAY); // synced an hour ago: not yet
    await sync(cici, 'tiktok', now - 20 * HOUR, now + 5 * DAY); // expiring later: not yet
    await sync(cici, 'instagram', now - 20 * HOUR, null); // session cookies only: never

    expect(await warnExpiringCookies(database.db, box, now)).toBe(1);
    // Every 15 minutes the sweep looks again: still one notice.
    expect(await warnExpiringCookies(database.db, box, now + 15 * 60_000)).toBe(1);
    const warned = await notes('member-cookies.expiring');
    expect(warned).toEqual([
      {
        user_id: ana,
        message: expect.stringMatching(
          /^Cookie TikTok Anda akan kedaluwarsa pada \d+ \w+ \d{4}, \d{2}\.\d{2} WIB dan belum disinkronkan lagi sejak .+ WIB: buka platform di browser Anda lalu sinkronkan ulang\.$/,
        ),
        link: '/extension',
      },
    ]);

    // A day later Budi's cookies are unattended too (and Ana's have expired: no second notice).
    expect(await warnExpiringCookies(database.db, box, now + DAY)).toBe(2);
    expect((await notes('member-cookies.expiring')).map((n) => n.user_id)).toEqual([ana, budi]);

    // Ana syncs again (a new set) and leaves it: the new set gets its own, single notice.
    await sync(ana, 'tiktok', now + DAY, now + 2 * DAY + HOUR);
    expect(await warnExpiringCookies(database.db, box, now + 2 * DAY + 2 * HOUR)).toBe(3);
    expect(await warnExpiringCookies(database.db, box, now + 2 * DAY + 3 * HOUR)).toBe(3);
    const anas = (await notes('member-cookies.expiring')).filter((n) => n.user_id === ana);
    expect(anas).toHaveLength(2);
    expect(anas[1]?.message).toMatch(/^Cookie TikTok Anda sudah kedaluwarsa sejak /);
  });
});

describe("the admins' shared cookies about to expire", () => {
  it('warn the admins once per saved set, from the expiry of a pasted cookies.txt', async () => {
    const now = Date.now();
    const line = (expiry: number) =>
      `.douyin.com\tTRUE\t/\tTRUE\t${Math.floor(expiry / 1000)}\tsessionid\tabc`;
    await replaceCookieSets(database.db, [
      // Two accounts: the first expiry among them counts.
      {
        platform: 'douyin',
        sealedCookies: box.seal(
          JSON.stringify([
            line(now + 30 * DAY),
            `# Netscape HTTP Cookie File\n${line(now + 2 * DAY)}`,
          ]),
        ),
      },
      // A Cookie header line carries no expiry: nothing to warn about.
      { platform: 'tiktok', sealedCookies: box.seal(JSON.stringify(['sessionid=abc; tt_csrf=1'])) },
      { platform: 'youtube', sealedCookies: box.seal(JSON.stringify([line(now + 10 * DAY)])) },
    ]);
    await warnExpiringCookies(database.db, box, now);
    await warnExpiringCookies(database.db, box, now + HOUR);
    expect(await notes('cookies.expiring')).toEqual([
      {
        user_id: admin,
        message: expect.stringMatching(
          /^Cookie bersama Douyin akan kedaluwarsa pada .+ WIB: perbarui di tab Cookie\.$/,
        ),
        link: null,
      },
    ]);
  });
});
