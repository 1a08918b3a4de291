import { createHash } from 'node:crypto';
import type { CookiePlatform, CookieSets, CookieStatusResponse } from '@scrapper/contracts/http/cookies';
import { earliestNetscapeExpiry } from '@scrapper/contracts/rules/member-cookies';
import { COOKIE_PLATFORMS } from '@scrapper/contracts/rules/platforms';
import type { Database, Db } from '@scrapper/db/client';
import { listCookieSets, saveCookieSetChanges } from '@scrapper/db/queries/cookie-sets';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { lockForTransaction } from '@scrapper/db/locks';
import { badRequest } from '../../lib/errors.ts';

function emptySets(): CookieSets {
  return { tiktok: [], douyin: [], youtube: [], instagram: [], facebook: [] };
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** Names a stored cookie without its text: the same cookie always gives the same mark. */
function fingerprint(cookie: string): string {
  return createHash('sha256').update(cookie).digest('hex').slice(0, 12);
}

const STORED_MARK = /\[tersimpan:([0-9a-f]{12})\]$/;

/**
 * What a client sees of a stored cookie: its names (and domains for a cookies.txt), every
 * value replaced by `…`, then `[tersimpan:<fingerprint>]`. Cookies are secrets like keys and
 * are never sent back whole; sending the masked entry back on save keeps the stored cookie.
 */
export function maskCookie(cookie: string): string {
  const lines = cookie.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const netscape = lines
    .map((l) => l.replace(/^#HttpOnly_/, ''))
    .filter((l) => !l.startsWith('#'))
    .map((l) => l.split('\t'))
    .filter((f) => f.length >= 7);
  const names = netscape.length
    ? netscape.map((f) => `${f[0]} ${f[5]}=…`)
    : cookie
        .split(';')
        .map((part) => part.split('=')[0]?.trim() ?? '')
        .filter((name) => name && !/\s/.test(name) && name.length <= 64)
        .map((name) => `${name}=…`);
  const summary = names.slice(0, 10).join('; ') + (names.length > 10 ? `; +${names.length - 10}` : '');
  return `${summary || 'cookie'} [tersimpan:${fingerprint(cookie)}]`;
}

type CookieSetRow = Awaited<ReturnType<typeof listCookieSets>>[number];

async function loadStoredRows(db: Db, box: SecretBox): Promise<{ sets: CookieSets; rows: CookieSetRow[] }> {
  const sets = emptySets();
  const rows: CookieSetRow[] = [];
  for (const row of await listCookieSets(db)) {
    if (!(COOKIE_PLATFORMS as readonly string[]).includes(row.platform)) continue;
    const list: unknown = JSON.parse(box.open(row.sealedCookies));
    if (isStringArray(list)) sets[row.platform as CookiePlatform] = list;
    rows.push(row);
  }
  return { sets, rows };
}

async function loadStored(db: Db, box: SecretBox): Promise<CookieSets> {
  return (await loadStoredRows(db, box)).sets;
}

/** Per platform: how many entries, when saved, the first expiry, and the last cookie failure. */
export async function getCookieStatus(database: Database, box: SecretBox): Promise<CookieStatusResponse> {
  const { sets, rows } = await loadStoredRows(database.db, box);
  return {
    platforms: COOKIE_PLATFORMS.map((platform) => {
      const row = rows.find((r) => r.platform === platform);
      const expiries = sets[platform].map(earliestNetscapeExpiry).filter((d): d is Date => d !== null);
      const earliest = expiries.length > 0 ? new Date(Math.min(...expiries.map((d) => d.getTime()))) : null;
      return {
        platform,
        entries: sets[platform].length,
        savedAt: row?.updatedAt.toISOString() ?? null,
        earliestExpiry: earliest?.toISOString() ?? null,
        lastFailedAt: row?.lastFailedAt?.toISOString() ?? null,
        lastFailure: row?.lastFailure ?? null,
      };
    }),
  };
}

function masked(sets: CookieSets): CookieSets {
  const out = emptySets();
  for (const platform of COOKIE_PLATFORMS) out[platform] = sets[platform].map(maskCookie);
  return out;
}

/** Cookies are stored sealed per platform and opened only here and in the worker; clients get masks. */
export async function getCookieSets(database: Database, box: SecretBox): Promise<CookieSets> {
  return masked(await loadStored(database.db, box));
}

/**
 * Replaces every platform's list. An entry is either new cookie text or the masked form of a
 * stored cookie of the same platform (the editor sends back what it was shown), which keeps it.
 */
export async function saveCookieSets(database: Database, box: SecretBox, sets: CookieSets): Promise<CookieSets> {
  const saved = await database.transaction(async ({ db, sql }) => {
    await lockForTransaction(sql, 'cookie-sets');
    const stored = await loadStored(db, box);
    const resolved = emptySets();
    for (const platform of COOKIE_PLATFORMS) {
      const byMark = new Map(stored[platform].map((c) => [fingerprint(c), c]));
      resolved[platform] = sets[platform].map((entry) => {
        const mark = STORED_MARK.exec(entry)?.[1];
        if (!mark) return entry;
        const cookie = byMark.get(mark);
        if (cookie === undefined) throw badRequest(`Cookie ${platform} yang tersimpan sudah berubah. Muat ulang halaman lalu coba lagi.`);
        return cookie;
      });
    }
    // A platform whose list is the same keeps its row: its save time and last failure stay true.
    const filled = COOKIE_PLATFORMS.filter((p) => resolved[p].length > 0);
    const same = (p: CookiePlatform) => JSON.stringify(resolved[p]) === JSON.stringify(stored[p]);
    await saveCookieSetChanges(db, {
      kept: filled.filter(same),
      changed: filled
        .filter((p) => !same(p))
        .map((platform) => ({ platform, sealedCookies: box.seal(JSON.stringify(resolved[platform])) })),
    });
    return resolved;
  });
  return masked(saved);
}
