import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

export const ApiKeyTypeSchema = z.enum(['apify', 'gemini']);
export type ApiKeyType = z.infer<typeof ApiKeyTypeSchema>;

/** A key as the client sees it: never whole, only its last 8 characters. */
export const ApiKeySchema = z.object({
  id: UuidSchema,
  type: ApiKeyTypeSchema,
  key: z.string(),
  isActive: z.boolean(),
  /** true, false, or null when never checked. */
  isValid: z.boolean().nullable(),
  lastValidated: IsoDateTimeSchema.nullable(),
  validationMessage: z.string().nullable(),
  /**
   * Gemini keys: the model content is generated with, chosen from the key's own model list at
   * validation (or at the first generation); null until then, and always for Apify keys.
   */
  model: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const AddApiKeyBodySchema = z.object({
  key: z.string().trim().min(1, 'API key tidak boleh kosong.').max(500),
});

export const apifyKeyEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/keys',
    access: 'admin',
    summary: 'Apify API keys (masked).',
    tags: ['keys'],
    response: z.array(ApiKeySchema),
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/keys',
    access: 'admin',
    summary: 'Add an Apify key; the first key of its type becomes active.',
    tags: ['keys'],
    body: AddApiKeyBodySchema,
    response: ApiKeySchema,
    successStatus: 201,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/keys/:id',
    access: 'admin',
    summary: 'Delete a key; another key becomes active if this one was.',
    tags: ['keys'],
    params: IdParamsSchema,
    response: z.object({ id: UuidSchema }),
  }),
  setActive: defineEndpoint({
    method: 'PUT',
    path: '/api/keys/:id/set-active',
    access: 'admin',
    summary: 'Make this the one active key of its type.',
    tags: ['keys'],
    params: IdParamsSchema,
    response: ApiKeySchema,
  }),
  validate: defineEndpoint({
    method: 'POST',
    path: '/api/keys/:id/validate',
    access: 'admin',
    summary: 'Ask Apify who owns the token; records validity.',
    tags: ['keys'],
    params: IdParamsSchema,
    response: ApiKeySchema,
  }),
};
