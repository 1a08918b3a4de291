import { userEndpoints } from '@scrapper/contracts/http/users';
import type { UpdateUserBodySchema, User } from '@scrapper/contracts/http/users';
import type { z } from 'zod';
import { call } from '@/lib/api-client.ts';

export type UpdateUserInput = z.input<typeof UpdateUserBodySchema>;

export function updateUser(id: string, body: UpdateUserInput): Promise<User> {
  return call(userEndpoints.update, { params: { id }, body });
}
