import { meTokenEndpoints } from '@scrapper/contracts/http/me-tokens';
import { call } from '@/lib/api-client.ts';

/** Admins: revokes any member's token. */
export async function revokeAnyToken(id: string): Promise<void> {
  await call(meTokenEndpoints.adminRevoke, { params: { id } });
}
