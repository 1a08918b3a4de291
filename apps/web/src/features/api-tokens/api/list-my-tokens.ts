import { meTokenEndpoints, type ApiToken } from '@scrapper/contracts/http/me-tokens';
import { call } from '@/lib/api-client.ts';

/** The caller's own live API tokens, newest first (never the secret). */
export async function listMyTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return (await call(meTokenEndpoints.list, { signal })).tokens;
}
