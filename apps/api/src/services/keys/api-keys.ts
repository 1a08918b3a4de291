// The key store shared by every key type (Apify, Gemini): sealed at rest, shown by their last
// four characters and the admin's label, exactly one active per type. Each type brings only
// its own validity check.
import { maskApiKey, type AddApiKeyBody, type ApiKey, type ApiKeyStatus, type ApiKeyType } from '@scrapper/contracts/http/keys';
import type { Database } from '@scrapper/db/client';
import {
  deleteApiKey,
  clearActiveApiKey,
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
import { lockForTransaction } from '@scrapper/db/locks';
import { AppError, conflict, notFound } from '../../lib/errors.ts';

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

function statusOf(isValid: boolean | null): ApiKeyStatus {
  if (isValid === true) return 'valid';
  if (isValid === false) return 'invalid';
  return 'unchecked';
}

export function toApiKeyDto(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    type: row.type,
    key: maskApiKey(row.lastEight),
    label: row.label,
    isActive: row.isActive,
    isValid: row.isValid,
    status: statusOf(row.isValid),
    lastValidated: row.lastValidated?.toISOString() ?? null,
    validationMessage: row.validationMessage,
    model: row.type === 'gemini' ? row.model : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listKeys(database: Database, type: ApiKeyType): Promise<ApiKey[]> {
  return (await listApiKeys(database.db, type)).map(toApiKeyDto);
}

/** How long an add waits for the service's verdict before it keeps the key unchecked. */
export const ADD_CHECK_TIMEOUT_MS = 15_000;

async function checkWithin(check: CheckKey, key: string, current: { model: string | null }, ms: number): Promise<KeyVerdict> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<KeyVerdict>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'unavailable', message: `Layanan tidak menjawab dalam ${Math.round(ms / 1000)} detik; kunci belum dicek.` }), ms);
  });
  try {
    return await Promise.race([check(key, current), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Records a verdict on the key. A check that got no answer (the service unreachable) counts as
 * failed: the key shows "Tidak valid" with the reason instead of "Belum dicek" beside an error
 * (issue 20); the next Validasi that gets an answer sets it right. The model stays as it was.
 */
async function recordVerdict(database: Database, row: ApiKeyRow, verdict: KeyVerdict): Promise<ApiKeyRow | undefined> {
  const isValid = verdict.status === 'valid';
  const model = verdict.status === 'unavailable' ? undefined : verdict.model;
  return updateApiKeyValidation(database.db, row.id, { isValid, message: verdict.message, ...(model ? { model } : {}) });
}

/**
 * Adds a key and validates it at once (issue 20: a new key was neither checked nor active).
 * The same key twice is refused (409): two rows with one mask helped nobody. A valid new key
 * becomes the active one when the active key is not known valid (an invalid or unchecked key
 * would otherwise stay "Aktif"); the first key of a type is active unless its service refused
 * it (issue 31 item 10: a refused first key showed "Aktif"); one that could not be checked stays
 * active. A key the service refuses is kept, marked invalid with the reason, so the admin sees why.
 */
export async function addKey(database: Database, box: SecretBox, type: ApiKeyType, body: AddApiKeyBody, check: CheckKey): Promise<ApiKey> {
  const key = body.key;
  const label = body.label ? body.label : null;
  const inserted = await database.transaction(async ({ db, sql }) => {
    await lockForTransaction(sql, `api-keys:${type}`);
    const existing = await listApiKeys(db, type);
    const twin = existing.find((row) => row.lastEight === key.slice(-8) && box.open(row.sealedKey) === key);
    if (twin) throw conflict(`Kunci ini sudah tersimpan (${maskApiKey(twin.lastEight)}${twin.label ? `, ${twin.label}` : ''}).`);
    return insertApiKey(db, { type, sealedKey: box.seal(key), lastEight: key.slice(-8), label });
  });
  const verdict = await checkWithin(check, key, { model: null }, ADD_CHECK_TIMEOUT_MS);
  const checked = (await recordVerdict(database, inserted, verdict)) ?? inserted;
  if (verdict.status === 'invalid' && checked.isActive) {
    const demoted = await database.transaction(async ({ db, sql }) => {
      await lockForTransaction(sql, `api-keys:${type}`);
      return clearActiveApiKey(db, type, checked.id);
    });
    return toApiKeyDto(demoted ?? checked);
  }
  if (checked.isValid !== true || checked.isActive) return toApiKeyDto(checked);
  const promoted = await database.transaction(async ({ db, sql }) => {
    await lockForTransaction(sql, `api-keys:${type}`);
    const active = await findActiveApiKey(db, type);
    if (active && active.isValid === true) return undefined;
    return setActiveApiKey(db, type, checked.id);
  });
  return toApiKeyDto(promoted ?? checked);
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
 * Runs the type's check and records its verdict (see recordVerdict). A refusing verdict is recorded on the key (the list shows it) and answered with its 4xx.
 */
export async function validateKey(database: Database, box: SecretBox, type: ApiKeyType, id: string, check: CheckKey): Promise<ApiKey> {
  const row = await findApiKey(database.db, type, id);
  if (!row) throw notFound(NOT_FOUND);
  const verdict = await check(box.open(row.sealedKey), { model: row.model });
  const updated = await recordVerdict(database, row, verdict);
  if (!updated) throw notFound(NOT_FOUND);
  if (verdict.status === 'invalid' && verdict.refuse) throw new AppError(verdict.refuse, verdict.message);
  return toApiKeyDto(updated);
}
