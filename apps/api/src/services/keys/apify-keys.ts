import type { ApiKey } from '@scrapper/contracts/http/keys';
import type { Database } from '@scrapper/db/client';
import {
  deleteApiKey,
  findApiKey,
  insertApiKey,
  listApiKeys,
  setActiveApiKey,
  updateApiKeyValidation,
} from '@scrapper/db/queries/api-keys';
import type { ApiKeyRow } from '@scrapper/db/schema';
import { createApify } from '@scrapper/integrations/apify';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { notFound } from '../../lib/errors.ts';

const NOT_FOUND = 'API key tidak ditemukan.';

export function toApiKeyDto(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    type: row.type,
    key: `...${row.lastEight}`,
    isActive: row.isActive,
    isValid: row.isValid,
    lastValidated: row.lastValidated?.toISOString() ?? null,
    validationMessage: row.validationMessage,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listApifyKeys(database: Database): Promise<ApiKey[]> {
  return (await listApiKeys(database.db, 'apify')).map(toApiKeyDto);
}

export async function addApifyKey(database: Database, box: SecretBox, key: string): Promise<ApiKey> {
  const row = await database.transaction(({ db }) =>
    insertApiKey(db, { type: 'apify', sealedKey: box.seal(key), lastEight: key.slice(-8) }),
  );
  return toApiKeyDto(row);
}

export async function removeApifyKey(database: Database, id: string): Promise<{ id: string }> {
  const removed = await database.transaction(({ db }) => deleteApiKey(db, 'apify', id));
  if (!removed) throw notFound(NOT_FOUND);
  return { id };
}

export async function activateApifyKey(database: Database, id: string): Promise<ApiKey> {
  const row = await database.transaction(({ db }) => setActiveApiKey(db, 'apify', id));
  if (!row) throw notFound(NOT_FOUND);
  return toApiKeyDto(row);
}

/** Asks Apify who owns the token; an unreachable Apify leaves the last verdict standing. */
export async function validateApifyKey(database: Database, box: SecretBox, apifyBaseUrl: string, id: string): Promise<ApiKey> {
  const row = await findApiKey(database.db, 'apify', id);
  if (!row) throw notFound(NOT_FOUND);
  const apify = createApify({ token: box.open(row.sealedKey), baseUrl: apifyBaseUrl, maxRetries: 1 });
  const verdict = await apify.validateToken();
  const update = verdict.ok
    ? { isValid: true, message: `Valid (akun ${verdict.username}).` }
    : verdict.reason === 'unavailable'
      ? { isValid: row.isValid, message: `Apify tidak dapat dihubungi: ${verdict.message}` }
      : { isValid: false, message: `Tidak valid: ${verdict.message}` };
  const updated = await updateApiKeyValidation(database.db, id, update);
  if (!updated) throw notFound(NOT_FOUND);
  return toApiKeyDto(updated);
}
