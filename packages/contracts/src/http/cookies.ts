import { z } from 'zod';
import { cookieTextKind, NOT_COOKIE_TEXT } from '../rules/cookie-text.ts';
import { COOKIE_PLATFORMS } from '../rules/platforms.ts';
import { defineEndpoint } from './endpoint.ts';

export const CookiePlatformSchema = z.enum(COOKIE_PLATFORMS);
export type CookiePlatform = z.infer<typeof CookiePlatformSchema>;

const CookieListSchema = z
  .array(z.string().max(20_000, 'Cookie terlalu panjang.'))
  .max(50, 'Maksimal 50 cookie per platform.')
  .transform((list) => list.map((c) => c.trim()).filter((c) => c.length > 0))
  // After blanks are dropped: an entry that is neither a cookies.txt nor name=value pairs is
  // refused (400) with its number, so the admin knows which one to fix.
  .superRefine((list, ctx) => {
    list.forEach((cookie, index) => {
      if (cookieTextKind(cookie) === null) {
        ctx.addIssue({ code: 'custom', path: [index], message: `Cookie ${index + 1} ${NOT_COOKIE_TEXT}` });
      }
    });
  });

/** Per platform, a list of cookie strings (Netscape file text or a Cookie header line). */
export const CookieSetsSchema = z.object({
  tiktok: CookieListSchema.default([]),
  douyin: CookieListSchema.default([]),
  youtube: CookieListSchema.default([]),
  instagram: CookieListSchema.default([]),
  facebook: CookieListSchema.default([]),
});
export type CookieSets = z.infer<typeof CookieSetsSchema>;

/** The health of one platform's shared cookies, as the Cookie tab shows it beside the editor. */
export const CookieSetStatusSchema = z.object({
  platform: CookiePlatformSchema,
  /** Stored entries (0: none). */
  entries: z.number().int().min(0),
  /** When the list was last saved with a change; null when there is none. */
  savedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The first expiry among the entries' cookies.txt lines (a Cookie header line has none). */
  earliestExpiry: z.iso.datetime({ offset: true }).nullable(),
  /** The last login wall or bot check with these cookies, since they were saved. */
  lastFailedAt: z.iso.datetime({ offset: true }).nullable(),
  lastFailure: z.string().nullable(),
});
export type CookieSetStatus = z.infer<typeof CookieSetStatusSchema>;
export const CookieStatusResponseSchema = z.object({ platforms: z.array(CookieSetStatusSchema) });
export type CookieStatusResponse = z.infer<typeof CookieStatusResponseSchema>;

export const cookieEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/config/cookies',
    access: 'admin',
    summary: 'Cookies per platform.',
    tags: ['cookies'],
    response: CookieSetsSchema,
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/config/cookies/status',
    access: 'admin',
    summary: 'Per platform: entries, last save, first expiry and the last cookie failure of the shared cookies.',
    tags: ['cookies'],
    response: CookieStatusResponseSchema,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/api/config/cookies',
    access: 'admin',
    summary: 'Replace all cookies (empty entries dropped); stored encrypted.',
    tags: ['cookies'],
    body: CookieSetsSchema,
    response: CookieSetsSchema,
  }),
};
