// The user-management calls (admins): list, create, change and delete accounts.
import {
  userEndpoints,
  type CreateUserBody,
  type User,
  type UpdateUserBodySchema,
} from '@scrapper/contracts/http/users';
import { call } from '@/lib/api-client.ts';
import type { z } from 'zod';

export function createUser(body: CreateUserBody): Promise<User> {
  return call(userEndpoints.create, { body });
}

export async function deleteUser(id: string): Promise<void> {
  await call(userEndpoints.remove, { params: { id } });
}

export function listUsers(signal?: AbortSignal): Promise<User[]> {
  return call(userEndpoints.list, { signal });
}

export type UpdateUserInput = z.input<typeof UpdateUserBodySchema>;

export function updateUser(id: string, body: UpdateUserInput): Promise<User> {
  return call(userEndpoints.update, { params: { id }, body });
}
