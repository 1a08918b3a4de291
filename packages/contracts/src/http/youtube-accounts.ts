// YouTube's OAuth clients (admin), the members' accounts, OAuth and playlists.
import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.ts';
import { CLIENT_SECRET_PLATFORMS } from '../rules/publish-destinations.ts';
import { YOUTUBE_QUOTA_RANGES } from '../rules/youtube-quota.ts';

// ---------------------------------------------------------------------------------------
// Client secrets (admin)
// ---------------------------------------------------------------------------------------

/**
 * One OAuth client's quota today (the quota day runs from midnight to midnight Pacific time,
 * as Google counts): the upload bucket (videos.insert calls) and the units bucket (every other
 * call). `resetsAt` is the next Pacific midnight; the web shows it in WIB.
 */
export const QuotaTodaySchema = z.object({
  /** YYYY-MM-DD in America/Los_Angeles. */
  quotaDay: z.string(),
  resetsAt: IsoDateTimeSchema,
  uploadsLimit: z.number().int(),
  uploadsUsed: z.number().int(),
  uploadsRemaining: z.number().int(),
  unitsLimit: z.number().int(),
  unitsUsed: z.number().int(),
  unitsRemaining: z.number().int(),
});
export type QuotaToday = z.infer<typeof QuotaTodaySchema>;

export const ClientSecretSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  clientId: z.string(),
  /** Never the secret: its last 4 characters behind dots. */
  clientSecret: z.string(),
  /** Whose app: Google (YouTube), TikTok (clientId = client key) or Meta (clientId = app id). */
  platform: z.enum(CLIENT_SECRET_PLATFORMS),
  redirectUri: z.string(),
  isActive: z.boolean(),
  /** The upload bucket: videos.insert calls a day (YouTube's; TikTok and Meta clients keep the defaults). */
  quotaDailyUploads: z.number().int(),
  /** The units bucket: units a day for every other call. */
  quotaDailyUnits: z.number().int(),
  quotaToday: QuotaTodaySchema,
  createdAt: IsoDateTimeSchema,
});
export type ClientSecret = z.infer<typeof ClientSecretSchema>;

/** What members see to pick a client in the upload page. */
export const ClientSecretOptionSchema = z.object({ id: UuidSchema, name: z.string() });

/** Whose apps the member picks from: YouTube's page asks for Google's (the default), the
 * Publikasikan page for TikTok's and Meta's (issue 33). */
export const ClientSecretOptionsQuerySchema = z.object({
  platform: z
    .enum(CLIENT_SECRET_PLATFORMS, { message: 'Platform harus youtube, tiktok atau meta.' })
    .optional(),
});

const trimmed = (field: string, max: number) =>
  z
    .string({ message: `${field} wajib diisi.` })
    .trim()
    .min(1, `${field} wajib diisi.`)
    .max(max, `${field} terlalu panjang (maksimal ${max} karakter).`);

/** The form's labels for the two quota settings; the 400 messages name them the same way. */
export const QUOTA_LABELS = {
  dailyUploads: 'Kuota unggahan harian (videos.insert)',
  dailyUnits: 'Kuota unit harian',
} as const;

const idNumber = new Intl.NumberFormat('id-ID');

/** The one message for any bad value of a quota setting: what it must be. */
export function quotaSettingMessage(label: string, range: { min: number; max: number }): string {
  return `${label} harus bilangan bulat dari ${idNumber.format(range.min)} sampai ${idNumber.format(range.max)}.`;
}

function quotaSetting(label: string, range: { min: number; max: number }) {
  const message = quotaSettingMessage(label, range);
  return z
    .number({ message })
    .int(message)
    .min(range.min, message)
    .max(range.max, message)
    .optional();
}

export const ClientSecretBodySchema = z.object({
  name: trimmed('Nama', 100),
  clientId: trimmed('Client ID', 300),
  /** On update, empty or absent keeps the stored secret. */
  clientSecret: z.string().trim().max(300, 'Client Secret terlalu panjang.').optional(),
  /**
   * youtube (Google), tiktok (clientId: client key, clientSecret: client secret) or meta
   * (clientId: app id, clientSecret: app secret). Absent: youtube on create, unchanged on update
   * (a client's platform never changes).
   */
  platform: z
    .enum(CLIENT_SECRET_PLATFORMS, { message: 'Platform harus youtube, tiktok atau meta.' })
    .optional(),
  redirectUri: z
    .url({ protocol: /^https?$/, message: 'Redirect URI harus URL http(s).' })
    .max(500)
    .optional(),
  isActive: z.boolean().default(true),
  /** Absent: the default on create (100), unchanged on update. */
  quotaDailyUploads: quotaSetting(QUOTA_LABELS.dailyUploads, YOUTUBE_QUOTA_RANGES.dailyUploads),
  /** Absent: the default on create (10,000), unchanged on update. */
  quotaDailyUnits: quotaSetting(QUOTA_LABELS.dailyUnits, YOUTUBE_QUOTA_RANGES.dailyUnits),
});
export type ClientSecretBody = z.infer<typeof ClientSecretBodySchema>;

// ---------------------------------------------------------------------------------------
// Accounts, OAuth, playlists
// ---------------------------------------------------------------------------------------

export const YouTubeAccountSchema = z.object({
  id: UuidSchema,
  accountName: z.string(),
  channelId: z.string(),
  clientSecretId: UuidSchema.nullable(),
  /** false means "Perlu Refresh": the member must connect the account again. */
  isValid: z.boolean(),
  createdAt: IsoDateTimeSchema,
  lastValidated: IsoDateTimeSchema.nullable(),
  /** Present in the admin's all-accounts view. */
  username: z.string().optional(),
});
export type YouTubeAccount = z.infer<typeof YouTubeAccountSchema>;

export const AccountsQuerySchema = z.object({
  /** Admins only: every member's accounts. */
  all: z.enum(['true', 'false']).optional(),
});

export const AuthUrlQuerySchema = z.object({
  clientSecretId: UuidSchema,
  /** Re-authenticating this account. */
  accountId: UuidSchema.optional(),
});

export const AuthCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
});

export const PlaylistSchema = z.object({ id: z.string(), title: z.string() });
export type Playlist = z.infer<typeof PlaylistSchema>;

export const AccountIdParamsSchema = z.object({ accountId: UuidSchema });

/**
 * The quota of the account's OAuth client today, for the upload page's "sisa unggahan hari
 * ini". `quotaToday` is null when the account's client was deleted (it must connect again).
 */
export const AccountQuotaSchema = z.object({
  accountId: UuidSchema,
  clientSecretId: UuidSchema.nullable(),
  quotaToday: QuotaTodaySchema.nullable(),
});
export type AccountQuota = z.infer<typeof AccountQuotaSchema>;
