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
  type ApiKeyModel,
} from '@scrapper/db/queries/api-keys';
import type { ApiKeyRow } from '@scrapper/db/schema';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { lockForTransaction } from '../../lib/advisory-lock.ts';
import { AppError, notFound } from '../../lib/errors.ts';

const NOT_FOUND = 'API key tidak ditemukan.';

/**
 * A key type's verdict on one key: valid, refused, or the service could not be asked. `model`
 * (Gemini) is the model chosen for the key; `refuse` answers the validation with that 4xx
 * status (after recording the verdict) when the key can do nothing we need.
 */
export type KeyVerdict =
  | { status: 'valid'; message: string; model?: ApiKeyModel }
  | { status: 'invalid'; message: string; model?: ApiKeyModel; refuse?: 422 }
  | { status: 'unavailable'; message: string };

/** `current.model`: the model the key used so far (Gemini), so the check can say when it is gone. */
export type CheckKey = (key: string, current: { model: string | null }) => Promise<KeyVerdict>;

export function toApiKeyDto(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    type: row.type,
    key: `...${row.lastEight}`,
    isActive: row.isActive,
    isValid: row.isValid,
    lastValidated: row.lastValidated?.toISOString() ?? null,
    validationMessage: row.validationMessage,
    model: row.type === 'gemini' ? row.model : null,
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

/**
 * Runs the type's check; an unreachable service leaves the last verdict standing. A refusing
 * verdict is recorded on the key (the list shows it) and answered with its 4xx.
 */
export async function validateKey(database: Database, box: SecretBox, type: ApiKeyType, id: string, check: CheckKey): Promise<ApiKey> {
  const row = await findApiKey(database.db, type, id);
  if (!row) throw notFound(NOT_FOUND);
  const verdict = await check(box.open(row.sealedKey), { model: row.model });
  const isValid = verdict.status === 'unavailable' ? row.isValid : verdict.status === 'valid';
  const model = verdict.status === 'unavailable' ? undefined : verdict.model;
  const updated = await updateApiKeyValidation(database.db, id, { isValid, message: verdict.message, ...(model ? { model } : {}) });
  if (!updated) throw notFound(NOT_FOUND);
  if (verdict.status === 'invalid' && verdict.refuse) throw new AppError(verdict.refuse, verdict.message);
  return toApiKeyDto(updated);
}

/** The active key of a type, opened, or undefined when there is none. */
export async function openActiveKey(database: Database, box: SecretBox, type: ApiKeyType): Promise<string | undefined> {
  const row = await findActiveApiKey(database.db, type);
  return row ? box.open(row.sealedKey) : undefined;
}
