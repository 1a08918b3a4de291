import { fileEndpoints } from '@scrapper/contracts/http/files';
import { call } from '@/lib/api-client.ts';

export interface UserName {
  id: string;
  username: string;
}

/** Admin only (GET /api/users): the users of the history's user filter. */
export function listUserNames(signal?: AbortSignal): Promise<UserName[]> {
  return call(fileEndpoints.users, { signal });
}
