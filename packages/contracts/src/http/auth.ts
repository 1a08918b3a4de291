import { z } from 'zod';
import { RoleSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

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

export const MeResponseSchema = z.object({ user: SessionUserSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    summary: 'Log in with username and password; returns a 7-day JWT.',
    tags: ['auth'],
    body: LoginBodySchema,
    response: LoginResponseSchema,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/auth/me',
    access: 'user',
    summary: 'The user the bearer token belongs to.',
    tags: ['auth'],
    response: MeResponseSchema,
  }),
};
