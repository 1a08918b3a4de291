import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, RoleSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const PASSWORD_MIN_LENGTH = 8;

export const UsernameSchema = z
  .string()
  .trim()
  .min(3, 'Username minimal 3 karakter.')
  .max(32, 'Username maksimal 32 karakter.')
  .regex(USERNAME_PATTERN, 'Username hanya boleh berisi huruf, angka, titik, garis bawah dan tanda hubung.');

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password minimal ${PASSWORD_MIN_LENGTH} karakter.`)
  .max(256, 'Password maksimal 256 karakter.');

export const UserSchema = z.object({
  id: UuidSchema,
  username: z.string(),
  role: RoleSchema,
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type User = z.infer<typeof UserSchema>;

export const ListUsersResponseSchema = z.array(UserSchema);

export const CreateUserBodySchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
  role: RoleSchema,
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

/**
 * Update: the username cannot change (it may be sent, and must then equal the current one);
 * an empty or missing password leaves the password as it is.
 */
export const UpdateUserBodySchema = z.object({
  username: z.string().trim().optional(),
  role: RoleSchema,
  password: z
    .union([z.literal(''), PasswordSchema])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const UserParamsSchema = IdParamsSchema;

export const DeleteUserResponseSchema = z.object({ id: UuidSchema });

export const userEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    summary: 'Every user account.',
    tags: ['users'],
    response: ListUsersResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users',
    access: 'admin',
    summary: 'Create a user; 409 when the username is taken.',
    tags: ['users'],
    body: CreateUserBodySchema,
    response: UserSchema,
    successStatus: 201,
    errors: [409],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/users/:id',
    access: 'admin',
    summary: 'Change role and optionally password; the username is immutable.',
    tags: ['users'],
    params: UserParamsSchema,
    body: UpdateUserBodySchema,
    response: UserSchema,
    errors: [409],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    access: 'admin',
    summary: 'Delete a user; an admin cannot delete themself or the last admin.',
    tags: ['users'],
    params: UserParamsSchema,
    response: DeleteUserResponseSchema,
    errors: [409],
  }),
};
