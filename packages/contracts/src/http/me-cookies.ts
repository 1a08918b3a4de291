// A member's own platform cookies, sent by the companion browser extension (issue 17). Any
// signed-in member; each reaches only their own. The cookies are sealed at rest and never
// returned: the list shows a masked preview (names, no values), counts and times.
import { z } from 'zod';
import { IsoDateTimeSchema } from '../common.ts';
import { CookiePlatformSchema } from './cookies.ts';
import { BLOB } from './media.ts';
import { defineEndpoint } from './endpoint.ts';

export const PlatformParamsSchema = z.object({ platform: CookiePlatformSchema });

/**
 * The cookies.txt text (Netscape format) of one platform, as the extension writes it. Every
 * line that is not a comment must be a cookie of that platform's domains; over
 * MEMBER_COOKIES_MAX_BYTES (rules/member-cookies.ts) the answer is 413.
 */
export const PutMemberCookiesSchema = z.strictObject({ cookies: z.string() });

export const MemberCookiesSchema = z.object({
  platform: CookiePlatformSchema,
  /** Cookie names and domains, every value replaced by `…`. */
  preview: z.string(),
  count: z.number().int(),
  /** The first expiry among the cookies that have one; null when all are session cookies. */
  earliestExpiry: IsoDateTimeSchema.nullable(),
  lastSyncedAt: IsoDateTimeSchema,
  /** When a download last failed for cookie reasons, and why (cookie health, issue 17 item 4). */
  lastFailedAt: IsoDateTimeSchema.nullable(),
  lastFailure: z.string().nullable(),
});
export type MemberCookies = z.infer<typeof MemberCookiesSchema>;

export const meCookieEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/me/cookies',
    access: 'user',
    summary: "The caller's own synced cookies per platform, masked (never the cookies).",
    tags: ['cookies'],
    response: z.object({ platforms: z.array(MemberCookiesSchema) }),
  }),
  put: defineEndpoint({
    method: 'PUT',
    path: '/api/me/cookies/:platform',
    access: 'user',
    summary:
      "Add or replace the caller's own cookies of one platform (cookies.txt text; 400 when a line is not that platform's cookie, 413 over 256 KB).",
    tags: ['cookies'],
    params: PlatformParamsSchema,
    body: PutMemberCookiesSchema,
    response: MemberCookiesSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/cookies/:platform',
    access: 'user',
    summary: "Forget the caller's own cookies of one platform.",
    tags: ['cookies'],
    params: PlatformParamsSchema,
    response: z.object({ deleted: z.boolean() }),
  }),
  extensionPackage: defineEndpoint({
    method: 'GET',
    path: '/api/extension/package',
    access: 'user',
    summary:
      'The companion browser extension as a zip, connected to this Scrapper (unzip, then load unpacked).',
    tags: ['cookies'],
    response: BLOB,
    produces: { contentTypes: ['application/zip'], description: 'The extension as a zip.' },
  }),
};
