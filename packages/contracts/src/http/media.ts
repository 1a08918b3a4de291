import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, pageQueryShape, PaginationSchema, UuidSchema } from '../common.ts';
import { VideoItemSchema } from './actor-configs.ts';
import { defineEndpoint, type Produces } from './endpoint.ts';
import { RESULT_FILE_NAME_PATTERN } from './scrape.ts';
import { isHttpLink, MAX_URLS_PER_BATCH } from '../rules/download-links.ts';
import { DOWNLOAD_STATUSES } from '../rules/download-states.ts';

export const QualitySchema = z.enum(['best', '1080p', '720p', 'audio-only'], {
  message: 'Kualitas harus salah satu dari best, 1080p, 720p, audio-only.',
});
export type Quality = z.infer<typeof QualitySchema>;

export const ResultFileNameSchema = z.string().regex(RESULT_FILE_NAME_PATTERN, 'Nama file hasil tidak valid.');
const UsernameQuery = z.string().trim().min(1).max(32).optional();

/** One scrape result file the caller may open in the downloader. */
export const ResultFileSummarySchema = z.object({
  fileName: z.string(),
  platformId: z.string(),
  itemCount: z.number().int(),
  target: z.string(),
  createdAt: IsoDateTimeSchema,
  username: z.string(),
});
export type ResultFileSummary = z.infer<typeof ResultFileSummarySchema>;

/** Searches a result file's name or its target (the profile, link or keyword scraped). */
const SearchQuery = z.string().trim().max(200, 'Pencarian paling panjang 200 karakter.').optional();
/** `?hideDownloaded=true`: query booleans are the words true and false, nothing else. */
const QueryFlag = z
  .enum(['true', 'false'], { message: 'Nilai harus true atau false.' })
  .optional()
  .transform((v) => v === 'true');

export const ListResultFilesQuerySchema = z.object({ username: UsernameQuery, search: SearchQuery, ...pageQueryShape() });
export const ListResultFilesResponseSchema = z.object({
  files: z.array(ResultFileSummarySchema),
  pagination: PaginationSchema,
});

/** A video item as the table lists it: everything but the raw record (GET /api/data/items/:id has it). */
export const VideoListItemSchema = VideoItemSchema.omit({ raw: true }).extend({
  /** The owner already has this item downloaded (any quality) and the file is still there. */
  downloaded: z.boolean(),
});
export type VideoListItem = z.infer<typeof VideoListItemSchema>;

export const ITEM_SORT_FIELDS = ['position', 'title', 'author', 'duration', 'playCount', 'likeCount'] as const;
const SecondsQuery = z.coerce
  .number({ message: 'Durasi harus berupa angka (detik).' })
  .int('Durasi harus bilangan bulat (detik).')
  .min(0, 'Durasi tidak boleh negatif.')
  .max(86_400, 'Durasi paling banyak 86400 detik.')
  .optional();

/**
 * One page of a result file's items, filtered and sorted on the server (a file may hold
 * 200,000 items). `position` is the file's own order. Items are small: up to 500 a page.
 */
export const ListItemsQuerySchema = z.object({
  filename: ResultFileNameSchema,
  username: UsernameQuery,
  ...pageQueryShape(500, 100),
  sortBy: z.enum(ITEM_SORT_FIELDS, { message: `Urutan harus salah satu dari ${ITEM_SORT_FIELDS.join(', ')}.` }).default('position'),
  order: z.enum(['asc', 'desc'], { message: 'Arah urutan harus asc atau desc.' }).default('asc'),
  /** Hide items shorter / longer than this many seconds (an unknown duration is never hidden). */
  minSeconds: SecondsQuery,
  maxSeconds: SecondsQuery,
  /** Hide the second and later items with the same trimmed, case-insensitive title (first in the file stays). */
  hideDuplicates: QueryFlag,
  /** Hide the items the owner already downloaded. */
  hideDownloaded: QueryFlag,
  /** Title or author contains this (case-insensitive). */
  search: SearchQuery,
});
export type ListItemsQuery = z.infer<typeof ListItemsQuerySchema>;

export const ListItemsResponseSchema = z.object({
  fileName: z.string(),
  platformId: z.string(),
  items: z.array(VideoListItemSchema),
  /** `total`: items left after the filters. */
  pagination: PaginationSchema,
  /** The file's video items before any filter, and how many each filter hides. */
  counts: z.object({
    all: z.number().int(),
    hiddenByDuration: z.number().int(),
    hiddenAsDuplicate: z.number().int(),
    hiddenAsDownloaded: z.number().int(),
  }),
});
export type ListItemsResponse = z.infer<typeof ListItemsResponseSchema>;

export const ItemDetailQuerySchema = z.object({ filename: ResultFileNameSchema, username: UsernameQuery });

/** `:id` is a video item id from the result file: platform ids, not our uuids. */
export const ItemParamsSchema = z.object({ id: z.string().trim().min(1).max(200) });
export const PreviewQuerySchema = z.object({ filename: ResultFileNameSchema, username: UsernameQuery });
export const DownloadQuerySchema = z.object({
  filename: ResultFileNameSchema,
  quality: QualitySchema.default('best'),
  username: UsernameQuery,
});

export const DownloadStatusSchema = z.enum(DOWNLOAD_STATUSES);

export const HistoryItemSchema = z.object({
  id: UuidSchema,
  title: z.string(),
  platform: z.string(),
  author: z.string(),
  quality: QualitySchema,
  status: DownloadStatusSchema,
  error: z.string().nullable(),
  /** yt-dlp's own words under "Detail". */
  errorDetail: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  /** A readable name made from the title (what the file is saved as), never our storage key. */
  filename: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  fileExists: z.boolean(),
  /** yt-dlp's percentage while the download runs (0-100); 100 once completed. */
  progress: z.number().min(0).max(100),
  user: z.object({ id: UuidSchema, username: z.string() }),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

const DateQuery = z.iso.date({ message: 'Tanggal harus berformat yyyy-MM-dd.' }).optional();

export const HistoryQuerySchema = z.object({
  platform: z.string().trim().max(32).optional(),
  startDate: DateQuery,
  endDate: DateQuery,
  search: z.string().trim().max(200).optional(),
  sortBy: z.enum(['createdAt', 'title', 'platform', 'author']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...pageQueryShape(),
  userId: z.uuid().optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

export const HistoryResponseSchema = z.object({
  history: z.array(HistoryItemSchema),
  pagination: PaginationSchema,
  stats: z.object({
    total: z.number().int(),
    byPlatform: z.array(z.object({ platform: z.string(), count: z.number().int() })),
  }),
});

const LinkSchema = z
  .string()
  .trim()
  .max(2048, 'Tautan terlalu panjang (maksimal 2048 karakter).')
  .superRefine((value, ctx) => {
    if (!isHttpLink(value)) ctx.addIssue({ code: 'custom', message: `Bukan tautan http atau https: "${value.slice(0, 80)}". Tempel tautan video yang diawali http:// atau https://.` });
  });

/**
 * Either items of a result file (`filename` + `itemIds`) or links the member pasted (`urls`,
 * "Unduh dari URL"); never both.
 */
export const BatchBodySchema = z
  .object({
    filename: ResultFileNameSchema.optional(),
    itemIds: z.array(z.string().trim().min(1).max(200)).min(1, 'Tidak ada item yang dipilih untuk diunduh.').max(500).optional(),
    urls: z
      .array(LinkSchema)
      .min(1, 'Tempel minimal satu tautan video.')
      .max(MAX_URLS_PER_BATCH, `Paling banyak ${MAX_URLS_PER_BATCH} tautan sekali unduh; bagi tautannya menjadi beberapa kali unduh.`)
      .optional(),
    quality: QualitySchema.default('best'),
    username: UsernameQuery,
  })
  .superRefine((body, ctx) => {
    const fromFile = body.filename !== undefined || body.itemIds !== undefined;
    if (body.urls !== undefined && fromFile) {
      ctx.addIssue({ code: 'custom', message: 'Kirim tautan (urls) atau item file hasil (filename dan itemIds), tidak keduanya.' });
    } else if (body.urls === undefined && (body.filename === undefined || body.itemIds === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Kirim tautan video (urls), atau file hasil (filename) beserta item yang dipilih (itemIds).' });
    }
  });
export type BatchBody = z.infer<typeof BatchBodySchema>;

export const BatchRateLimitSchema = z.object({
  platform: z.string(),
  requestsPerMinute: z.number().int(),
  /** Seconds until the platform's next minute opens its budget again. */
  resumesInSeconds: z.number().int(),
});

export const BatchSchema = z.object({
  id: UuidSchema,
  source: z.enum(['result', 'urls']),
  total: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  running: z.number().int(),
  done: z.boolean(),
  /**
   * The whole batch, 0-100: finished items (completed, failed or cancelled) count 100, running
   * ones yt-dlp's percentage, queued ones 0; averaged over `total`.
   */
  progress: z.number().min(0).max(100),
  /** Finished files can be fetched as one zip (GET /api/media/batches/:id/zip). */
  zipReady: z.boolean(),
  /** Platforms whose per-minute limit holds downloads of this batch right now. */
  rateLimited: z.array(BatchRateLimitSchema),
  items: z.array(
    z.object({
      downloadId: UuidSchema,
      itemId: z.string(),
      title: z.string(),
      platform: z.string(),
      status: DownloadStatusSchema,
      progress: z.number(),
      /** Waiting for its platform's rate limit (see rateLimited). */
      held: z.boolean(),
      error: z.string().nullable(),
      errorDetail: z.string().nullable(),
    }),
  ),
});
export type Batch = z.infer<typeof BatchSchema>;

export const BLOB = z.unknown().describe('binary body');

/** A stored video or audio file as the download wrote it (byte ranges for players). */
const STORED_MEDIA = {
  // The type stored with the download: the worker writes video/* and audio/* (or octet-stream
  // for an extension it does not know); the route sends whatever the row says, hence */*.
  contentTypes: ['video/mp4', 'audio/mp4', 'video/*', 'audio/*', 'application/octet-stream', '*/*'],
  description: 'The file itself: usually video/mp4 or audio/mp4 (the type the download stored); `Range` gets 206.',
  ranges: true,
} as const satisfies Produces;

export const mediaEndpoints = {
  resultFiles: defineEndpoint({
    method: 'GET',
    path: '/api/data/files',
    access: 'user',
    summary: 'One page of the result files the caller may open, newest first (admins: any user by username), searchable by name or target.',
    tags: ['downloader'],
    query: ListResultFilesQuerySchema,
    response: ListResultFilesResponseSchema,
  }),
  items: defineEndpoint({
    method: 'GET',
    path: '/api/data/items',
    access: 'user',
    summary: 'One page of the video items of a result file, mapped by its actor config, filtered and sorted on the server; without raw records.',
    tags: ['downloader'],
    query: ListItemsQuerySchema,
    response: ListItemsResponseSchema,
    errors: [404],
  }),
  itemDetail: defineEndpoint({
    method: 'GET',
    path: '/api/data/items/:id',
    access: 'user',
    summary: 'One video item of a result file with its full raw record (the detail modal, "Copy Data Lengkap").',
    tags: ['downloader'],
    params: ItemParamsSchema,
    query: ItemDetailQuerySchema,
    response: VideoItemSchema,
  }),
  preview: defineEndpoint({
    method: 'GET',
    path: '/api/media/preview/:id',
    access: 'user',
    summary: 'A short preview of an item (video/mp4, Range supported).',
    tags: ['downloader'],
    params: ItemParamsSchema,
    query: PreviewQuerySchema,
    response: BLOB,
    produces: STORED_MEDIA,
    // 403: a read-only token (an item not on the server yet is downloaded first).
    errors: [403, 502, 504],
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/media/download/:id',
    access: 'user',
    summary: 'Download an item in the chosen quality; recorded in the history.',
    tags: ['downloader'],
    params: ItemParamsSchema,
    query: DownloadQuerySchema,
    response: BLOB,
    produces: STORED_MEDIA,
    // 403: a read-only token (an item not on the server yet is downloaded first).
    errors: [403, 502, 504],
  }),
  startBatch: defineEndpoint({
    method: 'POST',
    path: '/api/media/batches',
    access: 'user',
    summary: 'Download several items of a result file, or 1 to 50 links (`urls`), on the server with bounded concurrency.',
    tags: ['downloader'],
    body: BatchBodySchema,
    response: BatchSchema,
    successStatus: 202,
    errors: [404],
  }),
  batch: defineEndpoint({
    method: 'GET',
    path: '/api/media/batches/:id',
    access: 'user',
    summary: 'Progress of a batch.',
    tags: ['downloader'],
    params: IdParamsSchema,
    response: BatchSchema,
  }),
  cancelBatch: defineEndpoint({
    method: 'POST',
    path: '/api/media/batches/:id/cancel',
    access: 'user',
    summary: 'Stop a batch: queued and running downloads are cancelled, partial files removed.',
    tags: ['downloader'],
    params: IdParamsSchema,
    response: BatchSchema,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/media/history',
    access: 'user',
    summary: "The caller's download history with filters, sort and paging.",
    tags: ['history'],
    query: HistoryQuerySchema,
    response: HistoryResponseSchema,
  }),
  historyAll: defineEndpoint({
    method: 'GET',
    path: '/api/media/history/all',
    access: 'admin',
    summary: "Every user's download history (filter by userId).",
    tags: ['history'],
    query: HistoryQuerySchema,
    response: HistoryResponseSchema,
  }),
  redownload: defineEndpoint({
    method: 'GET',
    path: '/api/media/download/history/:id',
    access: 'user',
    summary: 'The stored file of a history entry.',
    tags: ['history'],
    params: IdParamsSchema,
    response: BLOB,
    produces: STORED_MEDIA,
  }),
  redownloadHistory: defineEndpoint({
    method: 'POST',
    path: '/api/media/history/:id/redownload',
    access: 'user',
    summary: 'Fetch a history entry again when its file is gone ("Unduh Ulang"); followed as a batch of one.',
    tags: ['history'],
    params: IdParamsSchema,
    response: BatchSchema,
    successStatus: 202,
    errors: [409],
  }),
  batchZip: defineEndpoint({
    method: 'GET',
    path: '/api/media/batches/:id/zip',
    access: 'user',
    summary: 'The finished files of a batch as one zip (streamed, stored entries, unique readable names).',
    tags: ['downloader'],
    params: IdParamsSchema,
    response: BLOB,
    produces: { contentTypes: ['application/zip'], description: 'A zip of the batch’s finished files, streamed.' },
  }),
  deleteHistory: defineEndpoint({
    method: 'DELETE',
    path: '/api/media/history/:id',
    access: 'user',
    summary: 'Remove an entry from the history (the file stays in the file manager).',
    tags: ['history'],
    params: IdParamsSchema,
    response: z.object({ id: UuidSchema }),
  }),
  deleteAllHistory: defineEndpoint({
    method: 'DELETE',
    path: '/api/media/history/all',
    access: 'admin',
    summary: "Clear every user's download history.",
    tags: ['history'],
    response: z.object({ deleted: z.number().int() }),
  }),
};
