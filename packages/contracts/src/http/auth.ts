import { z } from 'zod';
import { RoleSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';
import { PasswordSchema } from './users.ts';

export const SessionUserSchema = z.object({
  id: UuidSchema,
  username: z.string(),
  role: RoleSchema,
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** The claims our JWT carries; `sub` is the user id. */
export const TokenClaimsSchema = z.object({
  sub: UuidSchema,
  username: z.string(),
  role: RoleSchema,
  exp: z.number().int(),
  iat: z.number().int().optional(),
  /**
   * The user's session version when the token was issued (users.session_version). Changing or
   * resetting the password raises the version, so every older token is refused. Tokens issued
   * before versions existed carry none and count as 0.
   */
  sv: z.number().int().min(0).optional(),
});
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;

export const LoginBodySchema = z.object({
  username: z.string().trim().min(1, 'Username wajib diisi.').max(64),
  password: z.string().min(1, 'Password wajib diisi.').max(256),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({
  token: z.string(),
  user: SessionUserSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** A password change's answer: the fresh session, and how many personal tokens it revoked. */
export const ChangePasswordResponseSchema = LoginResponseSchema.extend({
  revokedApiTokens: z.number().int().min(0),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;

export const MeResponseSchema = z.object({ user: SessionUserSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** "Ganti Password": the current password, and the new one twice (they must match). */
export const ChangePasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1, 'Password saat ini wajib diisi.').max(256, 'Password maksimal 256 karakter.'),
    newPassword: PasswordSchema,
    confirmPassword: z.string().max(256, 'Password maksimal 256 karakter.'),
    /** "Cabut juga semua Token API": on unless the member unticks it. */
    revokeApiTokens: z.boolean().default(true),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: 'Konfirmasi password baru tidak cocok.',
    path: ['confirmPassword'],
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    message: 'Password baru harus berbeda dari password saat ini.',
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
/** What a client sends (revokeApiTokens may be left out: on). */
export type ChangePasswordInput = z.input<typeof ChangePasswordBodySchema>;

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    summary: 'Log in with username and password; returns a 7-day JWT.',
    tags: ['auth'],
    body: LoginBodySchema,
    response: LoginResponseSchema,
    errors: [401, 429],
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/auth/me',
    access: 'user',
    summary: 'The user the bearer token belongs to.',
    tags: ['auth'],
    response: MeResponseSchema,
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/api/me/password',
    access: 'user',
    summary:
      "Change the caller's own password (current password, new one twice). Every other session of the user ends, and every personal API token too unless revokeApiTokens is false; the answer carries a fresh token for this one and how many tokens were revoked.",
    tags: ['auth'],
    body: ChangePasswordBodySchema,
    response: ChangePasswordResponseSchema,
    errors: [429],
  }),
};
