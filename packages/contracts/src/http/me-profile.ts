import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

const EMAIL_INVALID_MESSAGE = 'Masukkan alamat email yang valid.';
export const EMAIL_TAKEN_MESSAGE = 'Email ini sudah dipakai akun lain.';

/**
 * The member's own email (issue 31 item 9): optional; an empty string clears it. Kept
 * lower-cased, unique among accounts; a deletion request from it is linked to the account.
 */
/** One address as the profile takes it (the form checks with it before sending). */
export const EmailSchema = z.string().trim().max(254, 'Email maksimal 254 karakter.').pipe(z.email({ message: EMAIL_INVALID_MESSAGE }));

export const UpdateProfileBodySchema = z.object({
  email: z
    .union([z.literal(''), z.null(), EmailSchema])
    .transform((value) => (value ? value.toLowerCase() : null)),
});

export const ProfileSchema = z.object({
  username: z.string(),
  /** null: none given. */
  email: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const meProfileEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/me/profile',
    access: 'user',
    summary: "The caller's profile: username and the optional email.",
    tags: ['auth'],
    response: ProfileSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/me/profile',
    access: 'user',
    summary: "Set or clear the caller's email (400 when malformed, 409 when another account has it). Browser sessions only: a personal token cannot change it.",
    tags: ['auth'],
    body: UpdateProfileBodySchema,
    response: ProfileSchema,
    errors: [409],
  }),
};
