import { userEndpoints } from '@scrapper/contracts/http/users';
import type { CreateUserBody, User } from '@scrapper/contracts/http/users';
import { call } from '@/lib/api-client.ts';

export function createUser(body: CreateUserBody): Promise<User> {
  return call(userEndpoints.create, { body });
}
