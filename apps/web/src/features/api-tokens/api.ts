// The API token calls (personal access tokens, issue 31): the member's own and the extension's,
// every member's for admins; a new token's secret comes back once.
import {
  meTokenEndpoints,
  type AdminApiToken,
  type ApiToken,
  type CreateApiTokenBody,
  type CreateApiTokenResponse,
} from '@scrapper/contracts/http/me-tokens';
import { call } from '@/lib/api-client.ts';

/** The caller's own live API tokens, newest first (never the secret). */
export async function listMyTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return (await call(meTokenEndpoints.list, { signal })).tokens;
}

/** The caller's browser extension tokens (scope `cookies`), newest first. */
export async function listMyExtensionTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return (await call(meTokenEndpoints.list, { query: { scope: 'cookies' }, signal })).tokens;
}

/** Creates a token; the answer holds its secret, which the server never shows again. */
export async function createToken(body: CreateApiTokenBody): Promise<CreateApiTokenResponse> {
  return call(meTokenEndpoints.create, { body });
}

/** Revokes one of the caller's own tokens: refused by the API from the next request on. */
export async function revokeMyToken(id: string): Promise<void> {
  await call(meTokenEndpoints.revoke, { params: { id } });
}

/** Admins: every member's live tokens, newest first (the first 200). */
export async function listAllTokens(signal?: AbortSignal): Promise<AdminApiToken[]> {
  return (await call(meTokenEndpoints.adminList, { query: { limit: 200 }, signal })).tokens;
}

/** Admins: revokes any member's token. */
export async function revokeAnyToken(id: string): Promise<void> {
  await call(meTokenEndpoints.adminRevoke, { params: { id } });
}
