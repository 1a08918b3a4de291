import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, UuidSchema } from '../common.ts';
import { VIDEO_EFFECTS } from '../rules/video-effects.ts';
import { YOUTUBE_QUOTA_RANGES } from '../rules/youtube-quota.ts';
import { CLIENT_SECRET_PLATFORMS } from '../rules/publish-destinations.ts';
import { ApiKeySchema, AddApiKeyBodySchema } from './keys.ts';
import { BLOB } from './media.ts';
import { defineEndpoint } from './endpoint.ts';

// ---------------------------------------------------------------------------------------
// Values (spec part 2 section 9)
// ---------------------------------------------------------------------------------------

export const VideoEffectSchema = z.enum(VIDEO_EFFECTS, { message: 'Efek video tidak dikenal.' });
export type VideoEffectName = z.infer<typeof VideoEffectSchema>;

export const PrivacyStatusSchema = z.enum(['public', 'private', 'unlisted'], {
  message: 'privacyStatus harus public, private atau unlisted.',
});
export const PublishTypeSchema = z.enum(['now', 'schedule'], { message: 'publishType harus now atau schedule.' });
export const UploadStatusSchema = z.enum(['scheduled', 'processing', 'uploaded', 'failed', 'cancelled']);
export type UploadStatus = z.infer<typeof UploadStatusSchema>;

/** Form defaults, restored after a successful upload (section 4). */
export const UPLOAD_DEFAULTS = {
  categoryId: '22',
  privacyStatus: 'public',
  publishType: 'now',
  madeForKids: false,
  videoEffect: 'none',
  audioVolume: 1.0,
  videoVolume: 0.5,
  /** The original volume once a remix is chosen while it still is 0.5. */
  videoVolumeWithRemix: 0.3,
} as const;

/** Limits of what the upload form accepts (YouTube's own limits where they are tighter). */
export const UPLOAD_LIMITS = {
  titleMaxLength: 100,
  descriptionMaxLength: 5000,
  tagsMaxTotalLength: 500,
  /** Video files; the API refuses bigger ones with 413 before storing anything. */
  videoMaxBytes: 2 * 1024 * 1024 * 1024,
  thumbnailMaxBytes: 2 * 1024 * 1024,
  audioMaxBytes: 100 * 1024 * 1024,
  /** The effect preview takes a smaller file. */
  previewVideoMaxBytes: 200 * 1024 * 1024,
} as const;

/** YouTube's video categories offered in the form (id -> Indonesian label). */
export const YOUTUBE_CATEGORIES: ReadonlyArray<{ id: string; label: string }> = [
  { id: '1', label: 'Film & Animasi' },
  { id: '2', label: 'Otomotif' },
  { id: '10', label: 'Musik' },
  { id: '15', label: 'Hewan Peliharaan & Binatang' },
  { id: '17', label: 'Olahraga' },
  { id: '19', label: 'Perjalanan & Acara' },
  { id: '20', label: 'Game' },
  { id: '22', label: 'Orang & Blog' },
  { id: '23', label: 'Komedi' },
  { id: '24', label: 'Hiburan' },
  { id: '25', label: 'Berita & Politik' },
  { id: '26', label: 'Gaya & Cara' },
  { id: '27', label: 'Pendidikan' },
  { id: '28', label: 'Sains & Teknologi' },
];

/**
 * Why a video YouTube answered as private (although public or unlisted was chosen, without a
 * schedule) is private: shown in the upload history and in the member's notification.
 */
export const PRIVACY_LOCKED_MESSAGE =
  'YouTube menyimpan video ini sebagai Pribadi (private), bukan seperti yang dipilih. Penyebabnya: proyek Google API di balik client secret ini belum lolos audit dari Google, dan Google mengunci setiap video yang diupload lewat API dari proyek yang belum diaudit menjadi Pribadi. Admin dapat mengajukan audit proyek ke Google (formulir audit YouTube API Services); sampai lolos, upload berikutnya lewat client ini juga akan Pribadi.';

/** Shown by the playlists call when Google refused the account's grant (spec section 8). */
export const REAUTH_MESSAGE = 'Akun YouTube ini memerlukan re-autentikasi. Silakan hubungkan ulang akun.';
/** The `error` field of that 409 answer, which the UI maps to REAUTH_MESSAGE. */
export const REAUTH_ERROR = 'YouTubeReauthRequired';

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
  platform: z.enum(CLIENT_SECRET_PLATFORMS, { message: 'Platform harus youtube, tiktok atau meta.' }).optional(),
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
  return z.number({ message }).int(message).min(range.min, message).max(range.max, message).optional();
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
  platform: z.enum(CLIENT_SECRET_PLATFORMS, { message: 'Platform harus youtube, tiktok atau meta.' }).optional(),
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

// ---------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------

const numberField = (field: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ message: `${field} harus berupa angka.` })
      .min(min, `${field} minimal ${min}.`)
      .max(max, `${field} maksimal ${max}.`)
      .optional(),
  );

const optionalText = (max: number, field: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, `${field} terlalu panjang.`).optional(),
  );

const optionalUrl = (field: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ protocol: /^https?$/, message: `${field} harus URL http(s).` }).max(2000).optional(),
  );

/**
 * The text fields of the multipart upload (spec section 4 payload). Everything arrives as a
 * string; files (videoFile, thumbnailFile, audioFile) are checked by the API separately.
 */
export const UploadFieldsSchema = z
  .object({
    accountId: UuidSchema,
    title: z
      .string({ message: 'Judul wajib diisi.' })
      .trim()
      .min(1, 'Judul wajib diisi.')
      .max(UPLOAD_LIMITS.titleMaxLength, `Judul maksimal ${UPLOAD_LIMITS.titleMaxLength} karakter.`)
      .refine((v) => !/[<>]/.test(v), 'Judul tidak boleh mengandung < atau >.'),
    description: z
      .string()
      .max(UPLOAD_LIMITS.descriptionMaxLength, `Deskripsi maksimal ${UPLOAD_LIMITS.descriptionMaxLength} karakter.`)
      .default(''),
    /** Comma separated, as the form sends them. */
    tags: z
      .string()
      .max(UPLOAD_LIMITS.tagsMaxTotalLength * 2, 'Tag terlalu panjang.')
      .default('')
      .transform((v) => [...new Set(v.split(',').map((t) => t.trim()).filter(Boolean))])
      .refine(
        (tags) => tags.join(',').length <= UPLOAD_LIMITS.tagsMaxTotalLength,
        `Total panjang tag maksimal ${UPLOAD_LIMITS.tagsMaxTotalLength} karakter.`,
      ),
    categoryId: z
      .string()
      .regex(/^\d{1,3}$/, 'categoryId tidak valid.')
      .default(UPLOAD_DEFAULTS.categoryId),
    privacyStatus: PrivacyStatusSchema.default(UPLOAD_DEFAULTS.privacyStatus),
    publishType: PublishTypeSchema.default(UPLOAD_DEFAULTS.publishType),
    /** YYYY-MM-DD and HH:mm in Asia/Jakarta; required when publishType is schedule. */
    scheduleDate: optionalText(10, 'scheduleDate'),
    scheduleTime: optionalText(5, 'scheduleTime'),
    madeForKids: z.enum(['true', 'false'], { message: 'Pilih apakah video ditujukan untuk anak-anak (madeForKids).' }),
    /** "Konten sintetis/diubah": sent to YouTube as status.containsSyntheticMedia. */
    containsSyntheticMedia: z
      .enum(['true', 'false'], { message: 'containsSyntheticMedia harus true atau false.' })
      .default('false'),
    videoEffect: VideoEffectSchema.default(UPLOAD_DEFAULTS.videoEffect),
    playlistId: optionalText(100, 'playlistId'),
    /** A scraped video (a scrape result item or a JSON result item) instead of a file. */
    scraperVideoUrl: optionalUrl('scraperVideoUrl'),
    scraperVideoId: optionalText(200, 'scraperVideoId'),
    /** A file the member downloaded on the server (an id from GET /api/files) instead of a file. */
    serverFileId: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.uuid({ message: 'serverFileId harus ID file dari File Manager.' }).optional(),
    ),
    audioRemixUrl: optionalUrl('audioRemixUrl'),
    audioStartTime: numberField('audioStartTime', 0, 24 * 3600),
    /** 0 or empty: the remix follows the video's duration. */
    audioEndTime: numberField('audioEndTime', 0, 24 * 3600),
    audioVolume: numberField('audioVolume', 0, 2),
    videoVolume: numberField('videoVolume', 0, 1),
  })
  .superRefine((v, ctx) => {
    if (v.publishType === 'schedule') {
      if (!v.scheduleDate || !/^\d{4}-\d{2}-\d{2}$/.test(v.scheduleDate)) {
        ctx.addIssue({ code: 'custom', path: ['scheduleDate'], message: 'Tanggal jadwal (scheduleDate, YYYY-MM-DD) wajib diisi.' });
      }
      if (!v.scheduleTime || !/^([01]\d|2[0-3]):[0-5]\d$/.test(v.scheduleTime)) {
        ctx.addIssue({ code: 'custom', path: ['scheduleTime'], message: 'Waktu jadwal (scheduleTime, HH:mm) wajib diisi.' });
      }
    }
    const start = v.audioStartTime ?? 0;
    if (v.audioEndTime !== undefined && v.audioEndTime !== 0 && v.audioEndTime <= start) {
      ctx.addIssue({ code: 'custom', path: ['audioEndTime'], message: 'Waktu akhir audio harus lebih besar dari waktu mulai.' });
    }
  });
export type UploadFields = z.infer<typeof UploadFieldsSchema>;

export const UploadSchema = z.object({
  id: UuidSchema,
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  categoryId: z.string(),
  privacyStatus: PrivacyStatusSchema,
  publishType: PublishTypeSchema,
  publishAt: IsoDateTimeSchema.nullable(),
  madeForKids: z.boolean(),
  containsSyntheticMedia: z.boolean(),
  videoEffect: VideoEffectSchema,
  playlistId: z.string().nullable(),
  /** file: uploaded with the form; url: a scraped video; server: a file downloaded on the server. */
  sourceKind: z.enum(['file', 'url', 'server']),
  sourceUrl: z.string().nullable(),
  /** sourceKind server: the downloaded file (GET /api/files id). */
  sourceFileId: UuidSchema.nullable(),
  videoFileName: z.string().nullable(),
  audioRemixUrl: z.string().nullable(),
  status: UploadStatusSchema,
  progress: z.number().int().min(0).max(100),
  stage: z.string().nullable(),
  youtubeVideoId: z.string().nullable(),
  /** The privacy YouTube answered to the upload; null before it answered. */
  youtubePrivacyStatus: PrivacyStatusSchema.nullable(),
  /**
   * YouTube answered private although public or unlisted was asked (not a scheduled upload):
   * the API project has not passed Google's audit, which locks its uploads to private.
   */
  privacyLocked: z.boolean(),
  /** One Indonesian sentence: what happened and what to do. */
  errorMessage: z.string().nullable(),
  /** The service's own words (Google's, yt-dlp's), shown folded under "Detail". */
  errorDetail: z.string().nullable(),
  /** When the member cancelled the schedule (status cancelled). */
  cancelledAt: IsoDateTimeSchema.nullable(),
  account: z.object({ id: UuidSchema, accountName: z.string() }),
  /** Present in the admin's all-uploads view. */
  username: z.string().optional(),
  createdAt: IsoDateTimeSchema,
  uploadedAt: IsoDateTimeSchema.nullable(),
});
export type Upload = z.infer<typeof UploadSchema>;

/**
 * A new publish time for a scheduled upload, in WIB as the upload form takes it. The rules of
 * the upload form apply: at least 5 minutes ahead, at most half a year.
 */
export const RescheduleUploadBodySchema = z.object({
  scheduleDate: z
    .string({ message: 'Tanggal jadwal (scheduleDate, YYYY-MM-DD) wajib diisi.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Tanggal jadwal (scheduleDate, YYYY-MM-DD) wajib diisi.'),
  scheduleTime: z
    .string({ message: 'Waktu jadwal (scheduleTime, HH:mm) wajib diisi.' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Waktu jadwal (scheduleTime, HH:mm) wajib diisi.'),
});
export type RescheduleUploadBody = z.infer<typeof RescheduleUploadBodySchema>;

/** Said by the cancel endpoint when the video is already public (or was never scheduled). */
export const CANCEL_NOT_SCHEDULED_MESSAGE =
  'Jadwal tidak dapat dibatalkan: video ini tidak (lagi) terjadwal. Video yang sudah tayang diatur lewat YouTube Studio.';

export const UploadsQuerySchema = z.object({
  all: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

// ---------------------------------------------------------------------------------------
// Audio remix lookup, effect preview, Gemini
// ---------------------------------------------------------------------------------------

export const AudioResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  duration_string: z.string().nullable(),
  uploader: z.string().nullable(),
  webpage_url: z.string(),
});
export type AudioResult = z.infer<typeof AudioResultSchema>;

export const AudioSearchQuerySchema = z.object({
  query: z
    .string({ message: 'Harap masukkan kata kunci untuk mencari audio remix.' })
    .trim()
    .min(1, 'Harap masukkan kata kunci untuk mencari audio remix.')
    .max(200, 'Kata kunci terlalu panjang.'),
});
export const AudioInfoQuerySchema = z.object({
  url: z.url({
    protocol: /^https?$/,
    message: 'Harap masukkan URL video YouTube untuk mendapatkan info audio.',
  }).max(2000),
});

export const GenerateContentBodySchema = z.object({
  originalTitle: z
    .string({ message: 'Judul asli wajib diisi untuk generate konten.' })
    .trim()
    .min(1, 'Judul asli wajib diisi untuk generate konten.')
    .max(500, 'Judul asli terlalu panjang.'),
});
export const GeneratedContentSchema = z.object({
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  /** True when the model answered less and the spec's defaults filled the rest. */
  usedDefaults: z.boolean(),
  /**
   * Set when the Gemini model in use answered 404 (retired) and another one wrote the content:
   * names both, in Indonesian, for the member to see beside the result.
   */
  notice: z.string().optional(),
});
export type GeneratedContent = z.infer<typeof GeneratedContentSchema>;

export const youtubeEndpoints = {
  // --- client secrets ---------------------------------------------------------------
  listClientSecrets: defineEndpoint({
    method: 'GET',
    path: '/api/admin/client-secrets',
    access: 'admin',
    summary: 'OAuth client secrets (secret masked) with today’s quota use.',
    tags: ['youtube'],
    response: z.array(ClientSecretSchema),
  }),
  createClientSecret: defineEndpoint({
    method: 'POST',
    path: '/api/admin/client-secrets',
    access: 'admin',
    summary: 'Register an OAuth client; redirectUri defaults to this backend’s callback.',
    tags: ['youtube'],
    body: ClientSecretBodySchema,
    response: ClientSecretSchema,
    successStatus: 201,
  }),
  updateClientSecret: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/client-secrets/:id',
    access: 'admin',
    summary: 'Change an OAuth client; an empty clientSecret keeps the stored one.',
    tags: ['youtube'],
    params: IdParamsSchema,
    body: ClientSecretBodySchema,
    response: ClientSecretSchema,
  }),
  deleteClientSecret: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/client-secrets/:id',
    access: 'admin',
    summary: 'Delete an OAuth client (its accounts stay, marked as needing a refresh).',
    tags: ['youtube'],
    params: IdParamsSchema,
    response: z.object({ id: UuidSchema }),
  }),
  clientSecretOptions: defineEndpoint({
    method: 'GET',
    path: '/api/youtube/client-secrets',
    access: 'user',
    summary: "Active OAuth clients a member may connect through (id and name only): Google's, or ?platform=tiktok|meta.",
    tags: ['youtube'],
    query: ClientSecretOptionsQuerySchema,
    response: z.array(ClientSecretOptionSchema),
  }),
  // --- OAuth and accounts -------------------------------------------------------------
  authUrl: defineEndpoint({
    method: 'GET',
    path: '/api/youtube/auth/url',
    access: 'user',
    summary: 'Google consent URL with a signed, single-use state valid for 10 minutes.',
    tags: ['youtube'],
    query: AuthUrlQuerySchema,
    response: z.object({ authUrl: z.string() }),
    // 403: a read-only token (starting a connection stores OAuth state).
    errors: [403, 404],
  }),
  authCallback: defineEndpoint({
    method: 'GET',
    path: '/api/youtube/auth/callback',
    access: 'public',
    summary: 'OAuth redirect URI: exchanges the code, stores the account, closes the popup (HTML).',
    tags: ['youtube'],
    query: AuthCallbackQuerySchema,
    response: BLOB,
    produces: {
      contentTypes: ['text/html'],
      description: 'A small page that tells the opener window and closes itself (also when the grant failed).',
      errorPages: true,
    },
    errors: [404, 409],
  }),
  listAccounts: defineEndpoint({
    method: 'GET',
    path: '/api/youtube/accounts',
    access: 'user',
    summary: 'The caller’s connected channels (admins: everyone’s with all=true).',
    tags: ['youtube'],
    query: AccountsQuerySchema,
    response: z.array(YouTubeAccountSchema),
  }),
  accountQuota: defineEndpoint({
    method: 'GET',
    path: '/api/youtube/accounts/:id/quota',
    access: 'user',
    summary: 'Today’s quota of the account’s OAuth client: uploads left and when it resets (own accounts; admins any).',
    tags: ['youtube'],
    params: IdParamsSchema,
    response: AccountQuotaSchema,
  }),
  deleteAccount: defineEndpoint({
    method: 'DELETE',
    path: '/api/youtube/accounts/:id',
    access: 'user',
    summary: 'Disconnect a channel and delete its upload records.',
    tags: ['youtube'],
    params: IdParamsSchema,
    response: z.object({ id: UuidSchema, deletedUploads: z.number().int() }),
  }),
  playlists: defineEndpoint({
    method: 'GET',
    path: '/api/youtube/playlists/:accountId',
    access: 'user',
    summary: 'The channel’s playlists; 409 YouTubeReauthRequired when the grant is gone.',
    tags: ['youtube'],
    params: AccountIdParamsSchema,
    response: z.array(PlaylistSchema),
    errors: [409],
  }),
  // --- uploads --------------------------------------------------------------------------
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/youtube/upload',
    access: 'user',
    summary:
      'multipart/form-data: the upload payload fields plus videoFile, thumbnailFile, audioFile. Queues the upload.',
    tags: ['youtube'],
    multipart: {
      fields: UploadFieldsSchema,
      files: {
        videoFile: { description: 'The video (or give scraperVideoUrl or serverFileId instead).', contentTypes: ['video/*'] },
        thumbnailFile: { description: 'A thumbnail image (JPEG or PNG).', contentTypes: ['image/jpeg', 'image/png'] },
        audioFile: { description: 'Audio to mix into the video (a remix).', contentTypes: ['audio/*'] },
      },
    },
    response: UploadSchema,
    successStatus: 202,
    errors: [404, 409, 507],
  }),
  videos: defineEndpoint({
    method: 'GET',
    path: '/api/youtube/videos',
    access: 'user',
    summary: 'Upload history, newest first (admins: everyone’s with all=true).',
    tags: ['youtube'],
    query: UploadsQuerySchema,
    response: z.object({ videos: z.array(UploadSchema), total: z.number().int() }),
  }),
  cancelUpload: defineEndpoint({
    method: 'POST',
    path: '/api/youtube/videos/:id/cancel',
    access: 'user',
    summary:
      'Cancel a scheduled upload: a queued one is not uploaded; one already on YouTube stays private without a publish time (videos.update, 50 units). 409 when it is not scheduled (any more).',
    tags: ['youtube'],
    params: IdParamsSchema,
    response: UploadSchema,
    errors: [409],
  }),
  rescheduleUpload: defineEndpoint({
    method: 'PATCH',
    path: '/api/youtube/videos/:id',
    access: 'user',
    summary:
      'Move a scheduled upload to scheduleDate + scheduleTime (WIB); on YouTube too when already uploaded (videos.update, 50 units). 400 for a time in the past, 409 when it is not scheduled.',
    tags: ['youtube'],
    params: IdParamsSchema,
    body: RescheduleUploadBodySchema,
    response: UploadSchema,
    errors: [409],
  }),
  audioSearch: defineEndpoint({
    method: 'GET',
    path: '/api/youtube/audio-search',
    access: 'user',
    summary: 'Search audio for a remix (yt-dlp, metadata only).',
    tags: ['youtube'],
    query: AudioSearchQuerySchema,
    response: z.array(AudioResultSchema),
    errors: [429],
  }),
  audioInfo: defineEndpoint({
    method: 'GET',
    path: '/api/youtube/audio-info',
    access: 'user',
    summary: 'Title and duration of a video’s audio (yt-dlp, metadata only).',
    tags: ['youtube'],
    query: AudioInfoQuerySchema,
    response: AudioResultSchema,
    errors: [429],
  }),
  previewEffect: defineEndpoint({
    method: 'POST',
    path: '/api/media/preview-effect',
    access: 'user',
    summary: 'multipart/form-data videoFile + effect: a short video/mp4 with the effect applied.',
    tags: ['youtube'],
    response: BLOB,
    produces: { contentTypes: ['video/mp4'], description: 'A few seconds of the video with the effect applied.' },
    multipart: {
      fields: z.object({ effect: VideoEffectSchema }),
      files: { videoFile: { description: 'The video to preview the effect on.', required: true, contentTypes: ['video/*'] } },
    },
    errors: [422, 429, 507],
  }),
  // --- Gemini -----------------------------------------------------------------------------
  generateContent: defineEndpoint({
    method: 'POST',
    path: '/api/admin/generate-content',
    // The path is the spec's; members use it from the upload page, so it is not admin-only.
    access: 'user',
    summary: 'Title, description and tags written by Gemini with the active key.',
    tags: ['youtube'],
    body: GenerateContentBodySchema,
    response: GeneratedContentSchema,
  }),
  listGeminiKeys: defineEndpoint({
    method: 'GET',
    path: '/api/admin/gemini-keys',
    access: 'admin',
    summary: 'Gemini API keys (masked).',
    tags: ['keys'],
    response: z.array(ApiKeySchema),
  }),
  addGeminiKey: defineEndpoint({
    method: 'POST',
    path: '/api/admin/gemini-keys',
    access: 'admin',
    summary: 'Add a Gemini key; the first becomes active.',
    tags: ['keys'],
    body: AddApiKeyBodySchema,
    response: ApiKeySchema,
    successStatus: 201,
    errors: [409],
  }),
  removeGeminiKey: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/gemini-keys/:id',
    access: 'admin',
    summary: 'Delete a Gemini key; another becomes active if this one was.',
    tags: ['keys'],
    params: IdParamsSchema,
    response: z.object({ id: UuidSchema }),
  }),
  activateGeminiKey: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/gemini-keys/:id/set-active',
    access: 'admin',
    summary: 'Make this the active Gemini key.',
    tags: ['keys'],
    params: IdParamsSchema,
    response: ApiKeySchema,
  }),
  validateGeminiKey: defineEndpoint({
    method: 'POST',
    path: '/api/admin/gemini-keys/:id/validate',
    access: 'admin',
    summary:
      'List the key’s models, choose the one generation will use (GEMINI_MODEL when listed, else the newest stable flash) and try it; records validity and the model. 422 when the key can use no text model.',
    tags: ['keys'],
    params: IdParamsSchema,
    response: ApiKeySchema,
    errors: [422],
  }),
};
