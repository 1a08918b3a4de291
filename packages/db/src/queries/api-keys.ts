import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ApiKeyType } from '@scrapper/contracts/http/keys';
import type { Db } from '../client.ts';
import { apiKeys, type ApiKeyRow } from '../schema/api-keys.ts';

export async function listApiKeys(db: Db, type: ApiKeyType): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.type, type)).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

export async function findApiKey(db: Db, type: ApiKeyType, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.type, type))).limit(1);
  return row;
}

export async function findActiveApiKey(db: Db, type: ApiKeyType): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(and(eq(apiKeys.type, type), eq(apiKeys.isActive, true))).limit(1);
  return row;
}

/** Adds a key; the first key of its type becomes the active one. Call inside a transaction. */
export async function insertApiKey(
  db: Db,
  values: { type: ApiKeyType; sealedKey: string; lastEight: string; label: string | null },
): Promise<ApiKeyRow> {
  const hasActive = Boolean(await findActiveApiKey(db, values.type));
  const [row] = await db.insert(apiKeys).values({ ...values, isActive: !hasActive }).returning();
  if (!row) throw new Error('insert into api_keys returned no row');
  return row;
}

/** Deletes a key; when it was the active one, the oldest remaining key takes over. */
export async function deleteApiKey(db: Db, type: ApiKeyType, id: string): Promise<boolean> {
  const [removed] = await db.delete(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.type, type))).returning();
  if (!removed) return false;
  if (removed.isActive) {
    const [next] = await db.select().from(apiKeys).where(eq(apiKeys.type, type)).orderBy(asc(apiKeys.createdAt)).limit(1);
    if (next) await db.update(apiKeys).set({ isActive: true }).where(eq(apiKeys.id, next.id));
  }
  return true;
}

/** Makes one key the active key of its type. Call inside a transaction. */
export async function setActiveApiKey(db: Db, type: ApiKeyType, id: string): Promise<ApiKeyRow | undefined> {
  const target = await findApiKey(db, type, id);
  if (!target) return undefined;
  await db.update(apiKeys).set({ isActive: false }).where(and(eq(apiKeys.type, type), ne(apiKeys.id, id)));
  const [row] = await db.update(apiKeys).set({ isActive: true }).where(eq(apiKeys.id, id)).returning();
  return row;
}

/** The key stops being the active one (a first key its service refused); no other key takes over. */
export async function clearActiveApiKey(db: Db, type: ApiKeyType, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.update(apiKeys).set({ isActive: false }).where(and(eq(apiKeys.id, id), eq(apiKeys.type, type))).returning();
  return row;
}

/** A Gemini key's model: the one chosen from its list, and when; null clears the choice. */
export interface ApiKeyModel {
  model: string | null;
  checkedAt: Date | null;
}

/** Records a check of the key; `model` (Gemini keys) is left as it was when not given. */
export async function updateApiKeyValidation(
  db: Db,
  id: string,
  result: { isValid: boolean | null; message: string | null; model?: ApiKeyModel },
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({
      isValid: result.isValid,
      validationMessage: result.message,
      lastValidated: new Date(),
      ...(result.model ? { model: result.model.model, modelCheckedAt: result.model.checkedAt } : {}),
    })
    .where(eq(apiKeys.id, id))
    .returning();
  return row;
}

/**
 * The key just did its work (Gemini wrote content with it): it counts as checked and valid. A
 * key known valid is left as it is (its message may say more, such as a model change).
 */
export async function markApiKeyWorking(db: Db, id: string, message: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ isValid: true, validationMessage: message, lastValidated: new Date() })
    .where(and(eq(apiKeys.id, id), sql`${apiKeys.isValid} is distinct from true`));
}

/**
 * Stores the model chosen for a Gemini key outside a validation (at generation time); `message`
 * replaces the validation message when the choice is news for the admin (a retired model).
 */
export async function updateApiKeyModel(
  db: Db,
  id: string,
  choice: ApiKeyModel & { message?: string },
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({
      model: choice.model,
      modelCheckedAt: choice.checkedAt,
      ...(choice.message === undefined ? {} : { validationMessage: choice.message }),
    })
    .where(eq(apiKeys.id, id))
    .returning();
  return row;
}
