import { fileEndpoints } from '@scrapper/contracts/http/files';
import { call } from '@/lib/api-client.ts';

export interface UserName {
  id: string;
  username: string;
}

/** Admin only (GET /api/users): every user as id and username, for the user filters. */
export function listUserNames(signal?: AbortSignal): Promise<UserName[]> {
  return call(fileEndpoints.users, { signal });
}
