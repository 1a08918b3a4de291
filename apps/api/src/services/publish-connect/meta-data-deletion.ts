// Meta's data-deletion callback: Meta POSTs a `signed_request` (HMAC-SHA256 with the app
// secret) naming the app-scoped user who removed the app. Verified against every active Meta
// client's secret; the request recorded and that user's connections through that app removed
// in one transaction; answered with the public deletion page and a confirmation code.
import { randomBytes } from 'node:crypto';
import type { Database } from '@scrapper/db/client';
import { recordMetaDeletion } from '@scrapper/db/queries/meta-deletion';
import { listActiveClientSecrets } from '@scrapper/db/queries/youtube';
import { parseSignedRequest, SignedRequestError, type SignedRequestPayload } from '@scrapper/integrations/meta';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { badRequest } from '../../lib/errors.ts';

const NO_META_APP = 'signed_request tidak valid: belum ada aplikasi Meta aktif yang dapat memeriksanya.';

/** The web app's public data-deletion page (hash routing), showing this request's code. */
export function deletionStatusUrl(publicOrigin: string, code: string): string {
  return `${publicOrigin}/#/data-deletion?code=${encodeURIComponent(code)}`;
}

export async function receiveMetaDataDeletion(
  deps: { database: Database; secrets: SecretBox },
  signedRequest: string,
  publicOrigin: string,
): Promise<{ url: string; confirmation_code: string }> {
  const { database, secrets } = deps;
  const apps = await listActiveClientSecrets(database.db, 'meta');
  if (apps.length === 0) throw badRequest(NO_META_APP);
  let verified: { clientSecretId: string; payload: SignedRequestPayload } | undefined;
  let problem: SignedRequestError | undefined;
  for (const app of apps) {
    try {
      verified = { clientSecretId: app.id, payload: parseSignedRequest(signedRequest, secrets.open(app.sealedClientSecret)) };
      break;
    } catch (error) {
      if (!(error instanceof SignedRequestError)) throw error;
      problem = error;
      // Malformed or another algorithm: no other secret makes it valid.
      if (error.problem !== 'bad_signature') break;
    }
  }
  if (!verified) throw badRequest(problem?.userMessage ?? NO_META_APP);
  const confirmationCode = randomBytes(12).toString('hex');
  const target = verified;
  await database.transaction(({ db }) =>
    recordMetaDeletion(db, { clientSecretId: target.clientSecretId, metaUserId: target.payload.user_id, confirmationCode }),
  );
  return { url: deletionStatusUrl(publicOrigin, confirmationCode), confirmation_code: confirmationCode };
}
