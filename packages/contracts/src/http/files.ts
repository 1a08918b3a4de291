import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, PaginationSchema, UuidSchema, pageQueryShape } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

export const FileItemSchema = z.object({
  id: UuidSchema,
  title: z.string(),
  /** A readable name made from the title, never our storage key. */
  fileName: z.string(),
  platform: z.string(),
  createdAt: IsoDateTimeSchema,
  sizeBytes: z.number().nullable(),
  formattedSize: z.string(),
  fileExists: z.boolean(),
  downloadUrl: z.string(),
  username: z.string(),
});
export type FileItem = z.infer<typeof FileItemSchema>;

export const ListFilesQuerySchema = z.object({
  platform: z.string().trim().max(32).optional(),
  /** One file by its id (the YouTube page's `?file=<id>`), if the caller may see it. */
  id: UuidSchema.optional(),
  /** Part of the title, case-insensitive; % and _ are plain characters. */
  search: z.string().trim().max(200).optional(),
  sortBy: z.enum(['date', 'title', 'platform'], { message: 'sortBy harus date, title atau platform.' }).default('date'),
  order: z.enum(['asc', 'desc'], { message: 'order harus asc atau desc.' }).default('desc'),
  ...pageQueryShape(),
});
export type ListFilesQuery = z.infer<typeof ListFilesQuerySchema>;

/**
 * The whole library of the caller (everyone's for admins), whatever the filter: the cards above
 * the list and the platform choices. `pagination.total` is what matches the filter.
 */
export const FileStatsSchema = z.object({
  totalFiles: z.number().int(),
  /** Sum of the recorded sizes of the files not deleted (a file removed behind our back still counts). */
  formattedTotalSize: z.string(),
  /** The same sum in bytes, so a screen can take a deleted file off it. */
  totalBytes: z.number().int().nonnegative(),
  platforms: z.array(z.string()),
});

export const ListFilesResponseSchema = z.object({
  files: z.array(FileItemSchema),
  stats: FileStatsSchema,
  pagination: PaginationSchema,
});

/** 1536 -> "1.5 KB": what the file manager shows. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '-';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

export const fileEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/files',
    access: 'user',
    summary: 'Downloaded files (the caller’s; everyone’s for admins), one page, with stats over all of them.',
    tags: ['files'],
    query: ListFilesQuerySchema,
    response: ListFilesResponseSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/files/:id',
    access: 'user',
    summary: 'Delete a downloaded file from storage (its history entry remains).',
    tags: ['files'],
    params: IdParamsSchema,
    response: z.object({ id: UuidSchema }),
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/users',
    access: 'admin',
    summary: 'Users as id and username, for the history filter.',
    tags: ['files'],
    response: z.array(z.object({ id: UuidSchema, username: z.string() })),
  }),
};
