import { meTokenEndpoints, type ApiToken } from '@scrapper/contracts/http/me-tokens';
import { call } from '@/lib/api-client.ts';

/** The caller's own live API tokens, newest first (never the secret). */
export async function listMyTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return (await call(meTokenEndpoints.list, { signal })).tokens;
}

/** The caller's browser extension tokens (scope `cookies`), newest first. */
export async function listMyExtensionTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return (await call(meTokenEndpoints.list, { query: { scope: 'cookies' }, signal })).tokens;
}
