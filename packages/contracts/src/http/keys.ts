import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

export const ApiKeyTypeSchema = z.enum(['apify', 'gemini']);
export type ApiKeyType = z.infer<typeof ApiKeyTypeSchema>;

/**
 * valid; invalid: the service said the key is wrong (the reason in `validationMessage`);
 * unavailable: the last check could not run (the service unreachable, failing, or answering
 * something that is not about the key; "Belum dapat dicek", its words in `validationDetail`);
 * unchecked: never checked.
 */
export const ApiKeyStatusSchema = z.enum(['valid', 'invalid', 'unavailable', 'unchecked']);
export type ApiKeyStatus = z.infer<typeof ApiKeyStatusSchema>;

/** How many trailing characters of a key the client is shown (issue 20: the last four). */
export const API_KEY_VISIBLE_CHARS = 4;

/** The mask a key is shown by: `…` and its last four characters. */
export function maskApiKey(lastCharacters: string): string {
  return `…${lastCharacters.slice(-API_KEY_VISIBLE_CHARS)}`;
}

/** A key as the client sees it: never whole, only its last four characters. */
export const ApiKeySchema = z.object({
  id: UuidSchema,
  type: ApiKeyTypeSchema,
  /** `…` + the last four characters (maskApiKey). */
  key: z.string(),
  /** The admin's name for the key; null when none was given. */
  label: z.string().nullable(),
  isActive: z.boolean(),
  /** true, false (the service said it is wrong), or null when not known (never checked, or the check could not run). */
  isValid: z.boolean().nullable(),
  status: ApiKeyStatusSchema,
  lastValidated: IsoDateTimeSchema.nullable(),
  /** One Indonesian sentence about the last check. */
  validationMessage: z.string().nullable(),
  /** The service's own words about the last check (shown under "Detail"); null when none. */
  validationDetail: z.string().nullable(),
  /**
   * Gemini keys: the model content is generated with, chosen from the key's own model list at
   * validation (or at the first generation); null until then, and always for Apify keys.
   */
  model: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const API_KEY_LABEL_MAX = 60;

/** Optional; blank means none. Printable text only: it is shown in lists and toasts. */
export const ApiKeyLabelSchema = z
  .string({ message: 'Label harus berupa teks.' })
  .trim()
  .max(API_KEY_LABEL_MAX, `Label paling banyak ${API_KEY_LABEL_MAX} karakter.`)
  // eslint-disable-next-line no-control-regex
  .refine((label) => !/[\u0000-\u001f\u007f]/.test(label), 'Label tidak boleh berisi karakter kontrol.');

export const AddApiKeyBodySchema = z.object({
  key: z
    .string({ message: 'API key harus berupa teks.' })
    .trim()
    .min(1, 'API key tidak boleh kosong.')
    .max(500, 'API key paling banyak 500 karakter.')
    .refine((key) => !/\s/.test(key), 'API key tidak boleh berisi spasi atau baris baru.'),
  label: ApiKeyLabelSchema.optional(),
});
export type AddApiKeyBody = z.infer<typeof AddApiKeyBodySchema>;

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
    summary: 'Add an Apify key (optional label) and validate it at once; it becomes active when no valid key is.',
    tags: ['keys'],
    body: AddApiKeyBodySchema,
    response: ApiKeySchema,
    successStatus: 201,
    errors: [409],
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
    errors: [422],
  }),
};
