// The YouTube upload form: its values (spec part 2 section 9), the uploads, and the form's helpers
// (audio remix lookup, effect preview, Gemini content).
import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.ts';
import { VIDEO_EFFECTS } from '../rules/video-effects.ts';

// ---------------------------------------------------------------------------------------
// Values (spec part 2 section 9)
// ---------------------------------------------------------------------------------------

export const VideoEffectSchema = z.enum(VIDEO_EFFECTS, { message: 'Efek video tidak dikenal.' });
export type VideoEffectName = z.infer<typeof VideoEffectSchema>;

export const PrivacyStatusSchema = z.enum(['public', 'private', 'unlisted'], {
  message: 'privacyStatus harus public, private atau unlisted.',
});
export const PublishTypeSchema = z.enum(['now', 'schedule'], {
  message: 'publishType harus now atau schedule.',
});
export const UploadStatusSchema = z.enum([
  'scheduled',
  'processing',
  'uploaded',
  'failed',
  'cancelled',
]);
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
export const REAUTH_MESSAGE =
  'Akun YouTube ini memerlukan re-autentikasi. Silakan hubungkan ulang akun.';
/** The `error` field of that 409 answer, which the UI maps to REAUTH_MESSAGE. */
export const REAUTH_ERROR = 'YouTubeReauthRequired';

// ---------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------

const numberField = (field: string, min: number, max: number) =>
  z.preprocess(
    (v) =>
      v === '' || v === undefined || v === null ? undefined : typeof v === 'string' ? Number(v) : v,
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
    z
      .url({ protocol: /^https?$/, message: `${field} harus URL http(s).` })
      .max(2000)
      .optional(),
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
      .max(
        UPLOAD_LIMITS.descriptionMaxLength,
        `Deskripsi maksimal ${UPLOAD_LIMITS.descriptionMaxLength} karakter.`,
      )
      .default(''),
    /** Comma separated, as the form sends them. */
    tags: z
      .string()
      .max(UPLOAD_LIMITS.tagsMaxTotalLength * 2, 'Tag terlalu panjang.')
      .default('')
      .transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ])
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
    madeForKids: z.enum(['true', 'false'], {
      message: 'Pilih apakah video ditujukan untuk anak-anak (madeForKids).',
    }),
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
        ctx.addIssue({
          code: 'custom',
          path: ['scheduleDate'],
          message: 'Tanggal jadwal (scheduleDate, YYYY-MM-DD) wajib diisi.',
        });
      }
      if (!v.scheduleTime || !/^([01]\d|2[0-3]):[0-5]\d$/.test(v.scheduleTime)) {
        ctx.addIssue({
          code: 'custom',
          path: ['scheduleTime'],
          message: 'Waktu jadwal (scheduleTime, HH:mm) wajib diisi.',
        });
      }
    }
    const start = v.audioStartTime ?? 0;
    if (v.audioEndTime !== undefined && v.audioEndTime !== 0 && v.audioEndTime <= start) {
      ctx.addIssue({
        code: 'custom',
        path: ['audioEndTime'],
        message: 'Waktu akhir audio harus lebih besar dari waktu mulai.',
      });
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
  url: z
    .url({
      protocol: /^https?$/,
      message: 'Harap masukkan URL video YouTube untuk mendapatkan info audio.',
    })
    .max(2000),
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
