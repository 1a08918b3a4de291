import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Database } from '@scrapper/db/client';
import { deleteStaleOAuthStates, insertOAuthState } from '@scrapper/db/queries/youtube';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { buildAuthUrl, type GoogleEndpoints } from '@scrapper/integrations/youtube';
import { findAccountFor } from './accounts.ts';
import { findUsableClient } from './client-secrets.ts';
import type { StateSigner } from './oauth-state.ts';

/** How long the member has to finish Google's consent screen. */
export const STATE_TTL_MS = 10 * 60 * 1000;

export async function startAuth(
  deps: { database: Database; secrets: SecretBox; google: GoogleEndpoints; signer: StateSigner },
  user: SessionUser,
  query: { clientSecretId: string; accountId?: string | undefined },
): Promise<{ authUrl: string }> {
  const { database } = deps;
  const client = await findUsableClient(database, deps.secrets, query.clientSecretId);
  // Re-authentication is for the member's own channel only.
  if (query.accountId) await findAccountFor(database, user, query.accountId, false);
  await deleteStaleOAuthStates(database.db);
  const state = await insertOAuthState(database.db, {
    userId: user.id,
    clientSecretId: client.row.id,
    accountId: query.accountId ?? null,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return { authUrl: buildAuthUrl(client.config, deps.google, deps.signer.sign(state.id)) };
}
