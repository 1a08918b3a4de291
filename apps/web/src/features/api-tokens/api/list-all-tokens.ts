import { meTokenEndpoints, type AdminApiToken } from '@scrapper/contracts/http/me-tokens';
import { call } from '@/lib/api-client.ts';

/** Admins: every member's live tokens, newest first (the first 200). */
export async function listAllTokens(signal?: AbortSignal): Promise<AdminApiToken[]> {
  return (await call(meTokenEndpoints.adminList, { query: { limit: 200 }, signal })).tokens;
}
