// The key store shared by every key type (Apify, Gemini): sealed at rest, shown by their last
// eight characters, exactly one active per type. Each type brings only its own validity check.
import type { ApiKey, ApiKeyType } from '@scrapper/contracts/http/keys';
import type { Database } from '@scrapper/db/client';
import {
  deleteApiKey,
  findActiveApiKey,
  findApiKey,
  insertApiKey,
  listApiKeys,
  setActiveApiKey,
  updateApiKeyValidation,
} from '@scrapper/db/queries/api-keys';
import type { ApiKeyRow } from '@scrapper/db/schema';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { lockForTransaction } from '../../lib/advisory-lock.ts';
import { notFound } from '../../lib/errors.ts';

const NOT_FOUND = 'API key tidak ditemukan.';

/** A key type's verdict on one key: valid, refused, or the service could not be asked. */
export type KeyVerdict = { status: 'valid'; message: string } | { status: 'invalid'; message: string } | { status: 'unavailable'; message: string };

export type CheckKey = (key: string) => Promise<KeyVerdict>;

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

export async function listKeys(database: Database, type: ApiKeyType): Promise<ApiKey[]> {
  return (await listApiKeys(database.db, type)).map(toApiKeyDto);
}

export async function addKey(database: Database, box: SecretBox, type: ApiKeyType, key: string): Promise<ApiKey> {
  // One active key per type: the first key of a type becomes active, so adds take turns.
  const row = await database.transaction(async ({ db, sql }) => {
    await lockForTransaction(sql, `api-keys:${type}`);
    return insertApiKey(db, { type, sealedKey: box.seal(key), lastEight: key.slice(-8) });
  });
  return toApiKeyDto(row);
}

export async function removeKey(database: Database, type: ApiKeyType, id: string): Promise<{ id: string }> {
  const removed = await database.transaction(async ({ db, sql }) => {
    await lockForTransaction(sql, `api-keys:${type}`);
    return deleteApiKey(db, type, id);
  });
  if (!removed) throw notFound(NOT_FOUND);
  return { id };
}

export async function activateKey(database: Database, type: ApiKeyType, id: string): Promise<ApiKey> {
  const row = await database.transaction(async ({ db, sql }) => {
    await lockForTransaction(sql, `api-keys:${type}`);
    return setActiveApiKey(db, type, id);
  });
  if (!row) throw notFound(NOT_FOUND);
  return toApiKeyDto(row);
}

/** Runs the type's check; an unreachable service leaves the last verdict standing. */
export async function validateKey(database: Database, box: SecretBox, type: ApiKeyType, id: string, check: CheckKey): Promise<ApiKey> {
  const row = await findApiKey(database.db, type, id);
  if (!row) throw notFound(NOT_FOUND);
  const verdict = await check(box.open(row.sealedKey));
  const isValid = verdict.status === 'unavailable' ? row.isValid : verdict.status === 'valid';
  const updated = await updateApiKeyValidation(database.db, id, { isValid, message: verdict.message });
  if (!updated) throw notFound(NOT_FOUND);
  return toApiKeyDto(updated);
}

/** The active key of a type, opened, or undefined when there is none. */
export async function openActiveKey(database: Database, box: SecretBox, type: ApiKeyType): Promise<string | undefined> {
  const row = await findActiveApiKey(database.db, type);
  return row ? box.open(row.sealedKey) : undefined;
}
