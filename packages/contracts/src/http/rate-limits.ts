import { z } from 'zod';
import { IsoDateTimeSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

export const PlatformRateLimitSchema = z.object({
  platform: z.string(),
  /** null: no limit. */
  requestsPerMinute: z.number().int().nullable(),
  /** Requests the workers took in the current minute. */
  usedThisMinute: z.number().int(),
  updatedAt: IsoDateTimeSchema.nullable(),
});
export type PlatformRateLimit = z.infer<typeof PlatformRateLimitSchema>;

export const PlatformParamsSchema = z.object({
  platform: z.string().regex(/^[a-z0-9_-]{1,40}$/, 'Platform tidak valid.'),
});

export const SetRateLimitBodySchema = z.object({
  requestsPerMinute: z
    .number({ message: 'requestsPerMinute harus angka bulat 1 sampai 10000, atau null untuk tanpa batas.' })
    .int('requestsPerMinute harus angka bulat.')
    .min(1, 'requestsPerMinute minimal 1.')
    .max(10_000, 'requestsPerMinute maksimal 10000.')
    .nullable(),
});

export const rateLimitEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/rate-limits',
    access: 'admin',
    summary: 'Per-platform request limits of downloads and previews (all workers together), one per configured platform.',
    tags: ['system'],
    response: z.array(PlatformRateLimitSchema),
  }),
  set: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/rate-limits/:platform',
    access: 'admin',
    summary: 'Set a platform’s requests per minute, or null for no limit.',
    tags: ['system'],
    params: PlatformParamsSchema,
    body: SetRateLimitBodySchema,
    response: PlatformRateLimitSchema,
  }),
};
