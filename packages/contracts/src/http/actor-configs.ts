import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

// Actor configurations (spec part 1 section 3), keyed by platformId. The same shapes are
// stored, sent to the admin editor, and read by the mapping engine and the scrape job.

export const PLATFORM_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** A host name as the domain list holds it: lower case, no scheme, port or path (`tiktok.com`). */
export const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const DomainListSchema = z
  .array(z.string().trim().toLowerCase().regex(DOMAIN_PATTERN, 'Domain tidak valid (contoh: tiktok.com).'))
  .max(20);

export const InputTypeSchema = z.enum(['any', 'url', 'keyword', 'string']);
export type InputType = z.infer<typeof InputTypeSchema>;

export const DurationFormatSchema = z.enum(['milliseconds', 'seconds', 'minutes', 'timestamp']);
export type DurationFormat = z.infer<typeof DurationFormatSchema>;

/** A path into a raw item: dotted, with numeric segments for arrays (`videoMeta.duration`, `covers.0`). */
export const ItemPathSchema = z.string().trim().max(200);

/**
 * resultMapping (stored and sent as `mapping`): dynamic keys -> item paths. The known keys
 * are id, url, webpage_url, title, duration, author, play_count, like_count, thumbnail,
 * is_video_check; `duration_format` says the unit of `duration`. Keys containing `_format`
 * are not paths and are hidden from the mapping tab.
 */
export const ResultMappingSchema = z.record(z.string().min(1).max(64), z.string().max(200));
export type ResultMapping = z.infer<typeof ResultMappingSchema>;

export const KNOWN_MAPPING_KEYS = [
  'id',
  'url',
  'webpage_url',
  'title',
  'duration',
  'author',
  'play_count',
  'like_count',
  'thumbnail',
  'is_video_check',
] as const;

export const UrlGenerationSchema = z.object({
  authorField: ItemPathSchema.default(''),
  idField: ItemPathSchema.default(''),
  /** e.g. `https://www.tiktok.com/@{author}/video/{id}` */
  template: z.string().trim().max(500).default(''),
});

export const PlatformSpecificSchema = z.object({
  urlGeneration: UrlGenerationSchema.default({ authorField: '', idField: '', template: '' }),
  urlMapping: z.array(ItemPathSchema).default([]),
  /**
   * Read after `urlMapping`, and only when the link there opens one video (a reel, a
   * `/videos/` page): for actors whose link field is on every post, photos included.
   */
  videoUrlMapping: z.array(ItemPathSchema).default([]),
  titleMapping: z.array(ItemPathSchema).default([]),
  durationMapping: z.array(ItemPathSchema).default([]),
  idMapping: z.array(ItemPathSchema).default([]),
  playCountMapping: z.array(ItemPathSchema).default([]),
  skipIfNoUrl: z.boolean().default(true),
  /** Extract height and width into the video item. */
  dimensionFields: z.boolean().default(false),
});
export type PlatformSpecific = z.infer<typeof PlatformSpecificSchema>;

export const DEFAULT_PREVIEW_FORMAT = 'bestvideo[height<=?720]+bestaudio/best[height<=?720]/best';

export const PreviewSpecificSchema = z.object({
  enabled: z.boolean().default(true),
  format: z.string().trim().min(1).max(300).default(DEFAULT_PREVIEW_FORMAT),
  maxDuration: z
    .number({ message: 'Durasi maksimum preview harus berupa angka.' })
    .int('Durasi maksimum preview harus bilangan bulat.')
    .min(10, 'Durasi maksimum preview minimal 10 detik.')
    .max(120, 'Durasi maksimum preview maksimal 120 detik.')
    .default(30),
});
export type PreviewSpecific = z.infer<typeof PreviewSpecificSchema>;

export const OptionTypeSchema = z.enum(['text', 'number', 'boolean', 'select', 'date']);
export type OptionType = z.infer<typeof OptionTypeSchema>;

export const SelectChoiceSchema = z.object({ label: z.string().max(100), value: z.string().max(100) });

export const ActorOptionSchema = z.object({
  label: z.string().trim().min(1).max(100),
  type: OptionTypeSchema,
  /** number for type number, boolean for boolean, `yyyy-MM-dd` for date, text otherwise. */
  default: z.union([z.string().max(500), z.number(), z.boolean()]).nullable().default(null),
  options: z.array(SelectChoiceSchema).max(50).optional(),
});
export type ActorOption = z.infer<typeof ActorOptionSchema>;

export const DownloadOptionSchema = z.object({ label: z.string().trim().min(1).max(100), value: z.string().trim().min(1).max(300) });

export const ActorConfigSchema = z.object({
  platformId: z.string().trim().regex(PLATFORM_ID_PATTERN, 'Platform ID wajib diisi (huruf kecil, angka, - atau _).'),
  displayName: z.string().trim().min(1, 'Display Name wajib diisi.').max(100),
  actorId: z.string().trim().min(1, 'Actor ID wajib diisi.').max(200),
  inputKey: z.string().trim().min(1).max(100).default('searchQueries'),
  /** Input keys per target kind, when the actor takes URLs and keywords under different keys. */
  inputKeys: z
    .object({
      url: z.string().trim().max(100).optional(),
      keyword: z.string().trim().max(100).optional(),
      /** When set, the platform's stored cookies go to the actor under this input key. */
      cookies: z.string().trim().max(100).optional(),
    })
    .default({}),
  targetLabel: z.string().trim().max(100).default(''),
  inputType: InputTypeSchema.default('any'),
  /**
   * The sites URL targets may point at (`tiktok.com` also allows its subdomains, such as
   * `vm.tiktok.com`); empty: any http(s) URL. Keyword targets are not affected.
   */
  domains: DomainListSchema.default([]),
  isActive: z.boolean().default(true),
  mapping: ResultMappingSchema.default({}),
  platformSpecific: PlatformSpecificSchema.default(PlatformSpecificSchema.parse({})),
  previewSpecific: PreviewSpecificSchema.default(PreviewSpecificSchema.parse({})),
  options: z.record(z.string().min(1).max(64), ActorOptionSchema).default({
    maxResults: { label: 'Max Results', type: 'number', default: 20 },
  }),
  downloadOptions: z.array(DownloadOptionSchema).max(50).default([]),
});
export type ActorConfig = z.infer<typeof ActorConfigSchema>;
export type ActorConfigInput = z.input<typeof ActorConfigSchema>;

/** A video item (spec part 2 section 3), what the mapping engine makes of a raw item. */
export const VideoItemSchema = z.object({
  id: z.string(),
  platform: z.string(),
  url: z.string(),
  /** Seconds. */
  duration: z.number().nullable(),
  title: z.string(),
  author: z.string(),
  play_count: z.number().nullable(),
  like_count: z.number().nullable(),
  thumbnail: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  raw: z.unknown(),
});
export type VideoItem = z.infer<typeof VideoItemSchema>;

export const PlatformIdParamsSchema = z.object({
  platformId: z.string().regex(PLATFORM_ID_PATTERN, 'Platform ID tidak valid.'),
});

/** The full list, as the admin editor sends it; platformIds must be unique. */
export const ActorConfigListSchema = z
  .array(ActorConfigSchema)
  .max(100)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((config, index) => {
      if (seen.has(config.platformId)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'platformId'],
          message: 'Platform ID sudah ada. Harap gunakan ID yang unik.',
        });
      }
      seen.add(config.platformId);
    });
  });

export const ToggleActiveBodySchema = z.object({ isActive: z.boolean() });

export const actorConfigEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/config/apify-config',
    access: 'user',
    summary: 'Every actor configuration (the downloader maps result files with them).',
    tags: ['actor-configs'],
    response: z.array(ActorConfigSchema),
  }),
  saveAll: defineEndpoint({
    method: 'POST',
    path: '/api/admin/apify-config',
    access: 'admin',
    summary: 'Replace the full list of actor configurations.',
    tags: ['actor-configs'],
    body: ActorConfigListSchema,
    response: z.array(ActorConfigSchema),
  }),
  clone: defineEndpoint({
    method: 'POST',
    path: '/api/admin/apify-config/clone/:platformId',
    access: 'admin',
    summary: 'Copy an actor configuration under a new platformId (`<id>_copy`, `<id>_copy2`, ...).',
    tags: ['actor-configs'],
    params: PlatformIdParamsSchema,
    response: ActorConfigSchema,
    successStatus: 201,
  }),
  toggleActive: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/apify-config/toggle-active/:platformId',
    access: 'admin',
    summary: 'Switch an actor on or off.',
    tags: ['actor-configs'],
    params: PlatformIdParamsSchema,
    body: ToggleActiveBodySchema,
    response: ActorConfigSchema,
  }),
};
