import { userEndpoints } from '@scrapper/contracts/http/users';
import type { User } from '@scrapper/contracts/http/users';
import { call } from '@/lib/api-client.ts';

export function listUsers(signal?: AbortSignal): Promise<User[]> {
  return call(userEndpoints.list, { signal });
}
