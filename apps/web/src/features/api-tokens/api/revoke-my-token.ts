import { meTokenEndpoints } from '@scrapper/contracts/http/me-tokens';
import { call } from '@/lib/api-client.ts';

/** Revokes one of the caller's own tokens: refused by the API from the next request on. */
export async function revokeMyToken(id: string): Promise<void> {
  await call(meTokenEndpoints.revoke, { params: { id } });
}
