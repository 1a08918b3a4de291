import { endpoints } from '@scrapper/contracts/http';
import type { User } from '@scrapper/contracts/http/users';
import { call } from '@/lib/api-client.ts';

export function listUsers(signal?: AbortSignal): Promise<User[]> {
  return call(endpoints.users.list, { signal });
}
