import type { GeneratedContent } from '@scrapper/contracts/http/youtube-uploads';
import type { Database } from '@scrapper/db/client';
import { findActiveApiKey, markApiKeyWorking, updateApiKeyModel, updateApiKeyValidation } from '@scrapper/db/queries/api-keys';
import type { ApiKeyRow } from '@scrapper/db/schema';
import {
  chooseGeminiModel,
  DEFAULT_DESCRIPTION_SUFFIX,
  DEFAULT_TAGS,
  GEMINI_KEY_WORKED,
  generateVideoContent,
  MODEL_CHOICE_MAX_AGE_MS,
  toGeminiError,
  type GeminiCall,
  type GeminiModelOptions,
} from '@scrapper/integrations/gemini';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { AppError, badRequest } from '../../lib/errors.ts';

export const NO_GEMINI_KEY = 'Belum ada API key Gemini yang aktif. Tambahkan di halaman Admin.';

const TITLE_MAX_CHARS = 100;

export interface GenerateContentDeps {
  database: Database;
  secrets: SecretBox;
  geminiBaseUrl: string | undefined;
  /** GEMINI_MODEL; undefined: the newest stable flash model the key lists. */
  geminiModel: string | undefined;
}

/**
 * Whether the adapter had to fill in for Gemini: it falls back on the original title, on the
 * title as the description, and on the spec's default tags.
 */
export function usedDefaults(content: { title: string; description: string; tags: string[] }, originalTitle: string): boolean {
  const fallbackTitle = [...originalTitle.replace(/\s+/g, ' ').trim().replace(/[<>]/g, '')].slice(0, TITLE_MAX_CHARS).join('');
  const defaultTags = content.tags.length === DEFAULT_TAGS.length && content.tags.every((t, i) => t === DEFAULT_TAGS[i]);
  return defaultTags || content.title === fallbackTitle || content.description === `${fallbackTitle}\n\n${DEFAULT_DESCRIPTION_SUFFIX}`;
}

/**
 * The model stored on the key, while it is less than a day old and fits GEMINI_MODEL (a model
 * chosen for another setting is chosen again).
 */
export function storedModel(key: Pick<ApiKeyRow, 'model' | 'modelCheckedAt'>, configured: string | undefined, now: Date): string | undefined {
  if (!key.model || !key.modelCheckedAt) return undefined;
  if (now.getTime() - key.modelCheckedAt.getTime() >= MODEL_CHOICE_MAX_AGE_MS) return undefined;
  if (configured !== undefined && key.model !== configured) return undefined;
  return key.model;
}

/**
 * Title, description and tags from Gemini with the active key, written by the key's model:
 * the one stored on the key (chosen at validation or at an earlier generation), else chosen
 * now and stored. When that model answers 404 (retired) the adapter writes with a fresh
 * choice; the new model is stored, the admin sees why on the key, the member in `notice`.
 */
export async function generateContent(deps: GenerateContentDeps, originalTitle: string, signal: AbortSignal): Promise<GeneratedContent> {
  const key = await findActiveApiKey(deps.database.db, 'gemini');
  if (!key) throw badRequest(NO_GEMINI_KEY);
  const call: GeminiCall & GeminiModelOptions = {
    apiKey: deps.secrets.open(key.sealedKey),
    signal,
    ...(deps.geminiBaseUrl ? { baseUrl: deps.geminiBaseUrl } : {}),
    ...(deps.geminiModel ? { configuredModel: deps.geminiModel } : {}),
  };
  const { db } = deps.database;

  let model = storedModel(key, deps.geminiModel, new Date());
  if (!model) {
    const choice = await answered(deps, key, signal, () => chooseGeminiModel(call));
    model = choice.model;
    if (choice.model !== key.model || choice.checkedAt.getTime() !== key.modelCheckedAt?.getTime()) {
      await updateApiKeyModel(db, key.id, { model: choice.model, checkedAt: choice.checkedAt });
    }
  }
  const chosen = model;
  const result = await answered(deps, key, signal, () => generateVideoContent({ ...call, model: chosen, originalTitle }));
  // The key wrote content: it works, whatever an earlier check could not tell (issue 31 item 6).
  if (key.isValid !== true) await markApiKeyWorking(db, key.id, GEMINI_KEY_WORKED);
  if (result.fallback) {
    await updateApiKeyModel(db, key.id, {
      model: result.model,
      checkedAt: result.fallback.checkedAt,
      message: `Kunci API Gemini valid. ${result.fallback.notice}`,
    });
  }
  return {
    ...result.content,
    usedDefaults: usedDefaults(result.content, originalTitle),
    ...(result.fallback ? { notice: result.fallback.notice } : {}),
  };
}

/** Gemini's trouble as the member's answer; what is about the key is recorded on it too. */
async function answered<T>(deps: GenerateContentDeps, key: ApiKeyRow, signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (raw) {
    const error = toGeminiError(raw, signal);
    if (error.kind === 'invalid_key' || error.kind === 'no_text_model') {
      // The admin sees it on the key too, without validating by hand.
      const model = error.kind === 'no_text_model' ? { model: { model: null, checkedAt: new Date() } } : {};
      await updateApiKeyValidation(deps.database.db, key.id, { isValid: false, message: error.userMessage, ...model });
      throw new AppError(400, error.userMessage, {}, undefined, error.detail);
    }
    // The title itself was refused (safety filters) or was unusable: the member can change it.
    if (error.kind === 'blocked' || (error.kind === 'other' && error.status !== null && error.status < 500)) {
      throw new AppError(400, error.userMessage, {}, undefined, error.detail);
    }
    // Also a model that is still missing after the one fallback: only the admin can act on it.
    throw new AppError(503, error.userMessage, {}, undefined, error.detail);
  }
}
