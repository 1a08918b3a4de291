// A member's own platform cookies (issue 17): checked line by line, sealed with SECRETS_KEY,
// listed masked. Opened only by the worker, for that member's downloads.
import type { MemberCookies } from '@scrapper/contracts/http/me-cookies';
import type { CookiePlatform } from '@scrapper/contracts/http/cookies';
import {
  checkMemberCookies,
  MEMBER_COOKIES_MAX_BYTES,
} from '@scrapper/contracts/rules/member-cookies';
import type { Database } from '@scrapper/db/client';
import {
  deleteMemberCookies,
  listMemberCookies,
  upsertMemberCookies,
} from '@scrapper/db/queries/member-cookies';
import type { MemberCookiesRow } from '@scrapper/db/schema';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { AppError, badRequest } from '../../lib/errors.ts';
import { maskCookie } from '../cookies/cookie-sets.ts';

function toDto(row: MemberCookiesRow, box: SecretBox): MemberCookies {
  return {
    platform: row.platform as CookiePlatform,
    preview: maskCookie(box.open(row.sealedCookies)),
    count: row.cookieCount,
    earliestExpiry: row.earliestExpiry?.toISOString() ?? null,
    lastSyncedAt: row.lastSyncedAt.toISOString(),
    lastFailedAt: row.lastFailedAt?.toISOString() ?? null,
    lastFailure: row.lastFailure,
  };
}

export async function listOwnCookies(
  database: Database,
  box: SecretBox,
  ownerId: string,
): Promise<MemberCookies[]> {
  return (await listMemberCookies(database.db, ownerId)).map((row) => toDto(row, box));
}

/** Adds or replaces the member's cookies of a platform; bad text is a 400 (413 when too big) and changes nothing. */
export async function saveOwnCookies(
  database: Database,
  box: SecretBox,
  ownerId: string,
  platform: CookiePlatform,
  text: string,
): Promise<MemberCookies> {
  if (Buffer.byteLength(text, 'utf8') > MEMBER_COOKIES_MAX_BYTES) {
    throw new AppError(
      413,
      `Cookie terlalu besar: maksimal ${MEMBER_COOKIES_MAX_BYTES / 1024} KB per platform.`,
    );
  }
  const check = checkMemberCookies(platform, text);
  if (!check.ok) throw badRequest(check.message);
  const row = await upsertMemberCookies(database.db, {
    ownerId,
    platform,
    sealedCookies: box.seal(text),
    cookieCount: check.count,
    earliestExpiry: check.earliestExpiry,
  });
  return toDto(row, box);
}

export async function removeOwnCookies(
  database: Database,
  ownerId: string,
  platform: CookiePlatform,
): Promise<boolean> {
  return deleteMemberCookies(database.db, ownerId, platform);
}
