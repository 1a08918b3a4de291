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
 * A key type's verdict on one key: valid; invalid (the service said the key is wrong); or
 * unavailable (the check could not run: the service unreachable, failing, or answering
 * something that is not about the key). `message` is one Indonesian sentence; `detail` the
 * service's own words (shown under "Detail"). `model` (Gemini) is the model chosen for the key;
 * `refuse` answers the validation with that 4xx status (after recording the verdict) when the
 * key can do nothing we need.
 */
export type KeyVerdict =
  | { status: 'valid'; message: string; model?: ApiKeyModel }
  | { status: 'invalid'; message: string; detail?: string; model?: ApiKeyModel; refuse?: 422 }
  | { status: 'unavailable'; message: string; detail?: string };

/** `current.model`: the model the key used so far (Gemini), so the check can say when it is gone. */
export type CheckKey = (key: string, current: { model: string | null }) => Promise<KeyVerdict>;

/**
 * validation_message holds the sentence and, after its first line break, the service's words:
 * one column for both (the sentence is ours and never breaks a line).
 */
function packMessage(message: string, detail: string | undefined): string {
  const words = detail?.trim();
  return words ? `${message}\n${words}` : message;
}

function unpackMessage(stored: string | null): { message: string | null; detail: string | null } {
  if (stored === null) return { message: null, detail: null };
  const at = stored.indexOf('\n');
  return at < 0 ? { message: stored, detail: null } : { message: stored.slice(0, at), detail: stored.slice(at + 1) };
}

function statusOf(row: Pick<ApiKeyRow, 'isValid' | 'lastValidated'>): ApiKeyStatus {
  if (row.isValid === true) return 'valid';
  if (row.isValid === false) return 'invalid';
  return row.lastValidated ? 'unavailable' : 'unchecked';
}

export function toApiKeyDto(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    type: row.type,
    key: maskApiKey(row.lastEight),
    label: row.label,
    isActive: row.isActive,
    isValid: row.isValid,
    status: statusOf(row),
    lastValidated: row.lastValidated?.toISOString() ?? null,
    validationMessage: unpackMessage(row.validationMessage).message,
    validationDetail: unpackMessage(row.validationMessage).detail,
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
    timer = setTimeout(() => resolve({ status: 'unavailable', message: `Belum dapat dicek: layanan tidak menjawab dalam ${Math.round(ms / 1000)} detik. Coba Validasi lagi nanti.` }), ms);
  });
  try {
    return await Promise.race([check(key, current), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Records a verdict on the key. "Tidak valid" only when the service said the key is wrong; a
 * check that could not run leaves the key's validity unknown ("Belum dapat dicek", issue 31
 * item 6) with the sentence and the service's words; the next Validasi that gets an answer
 * sets it right. The model stays as it was then.
 */
async function recordVerdict(database: Database, row: ApiKeyRow, verdict: KeyVerdict): Promise<ApiKeyRow | undefined> {
  const isValid = verdict.status === 'valid' ? true : verdict.status === 'invalid' ? false : null;
  const model = verdict.status === 'unavailable' ? undefined : verdict.model;
  const detail = verdict.status === 'valid' ? undefined : verdict.detail;
  return updateApiKeyValidation(database.db, row.id, { isValid, message: packMessage(verdict.message, detail), ...(model ? { model } : {}) });
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
