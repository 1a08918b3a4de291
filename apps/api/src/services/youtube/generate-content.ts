import type { GeneratedContent } from '@scrapper/contracts/http/youtube';
import type { Database } from '@scrapper/db/client';
import { findActiveApiKey, updateApiKeyValidation } from '@scrapper/db/queries/api-keys';
import { DEFAULT_DESCRIPTION_SUFFIX, DEFAULT_TAGS, generateVideoContent, toGeminiError, type GeminiError } from '@scrapper/integrations/gemini';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { AppError, badRequest } from '../../lib/errors.ts';

export const NO_GEMINI_KEY = 'Belum ada API key Gemini yang aktif. Tambahkan di halaman Admin.';

const TITLE_MAX_CHARS = 100;

/**
 * Whether the adapter had to fill in for Gemini: it falls back on the original title, on the
 * title as the description, and on the spec's default tags.
 */
export function usedDefaults(content: { title: string; description: string; tags: string[] }, originalTitle: string): boolean {
  const fallbackTitle = [...originalTitle.replace(/\s+/g, ' ').trim().replace(/[<>]/g, '')].slice(0, TITLE_MAX_CHARS).join('');
  const defaultTags = content.tags.length === DEFAULT_TAGS.length && content.tags.every((t, i) => t === DEFAULT_TAGS[i]);
  return defaultTags || content.title === fallbackTitle || content.description === `${fallbackTitle}\n\n${DEFAULT_DESCRIPTION_SUFFIX}`;
}

export async function generateContent(
  deps: { database: Database; secrets: SecretBox; geminiBaseUrl: string | undefined; geminiModel: string },
  originalTitle: string,
  signal: AbortSignal,
): Promise<GeneratedContent> {
  const key = await findActiveApiKey(deps.database.db, 'gemini');
  if (!key) throw badRequest(NO_GEMINI_KEY);
  try {
    const content = await generateVideoContent({
      apiKey: deps.secrets.open(key.sealedKey),
      model: deps.geminiModel,
      originalTitle,
      signal,
      ...(deps.geminiBaseUrl ? { baseUrl: deps.geminiBaseUrl } : {}),
    });
    return { ...content, usedDefaults: usedDefaults(content, originalTitle) };
  } catch (raw) {
    const error: GeminiError = toGeminiError(raw, signal);
    if (error.kind === 'invalid_key') {
      // The admin sees it on the key too, without validating by hand.
      await updateApiKeyValidation(deps.database.db, key.id, { isValid: false, message: error.userMessage });
      throw badRequest(error.userMessage);
    }
    // The title itself was refused (safety filters) or was unusable: the member can change it.
    if (error.kind === 'blocked' || (error.kind === 'other' && error.status !== null && error.status < 500)) throw badRequest(error.userMessage);
    throw new AppError(503, error.userMessage);
  }
}
