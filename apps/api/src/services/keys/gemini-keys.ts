import { GeminiError, validateGeminiKey } from '@scrapper/integrations/gemini';
import type { CheckKey } from './api-keys.ts';

export interface GeminiKeyDeps {
  /** GEMINI_BASE_URL; Google's when undefined. */
  baseUrl: string | undefined;
  /** GEMINI_MODEL; undefined: the newest stable flash model the key lists. */
  configuredModel: string | undefined;
}

/**
 * Lists the key's models, chooses the one generation will use and tries it once; the choice is
 * stored on the key. A key that lists no text model cannot generate anything: it is marked
 * invalid with the reason and the validation answers 422 with the same words. An error that
 * is not about the key leaves the verdict open ("Belum dapat dicek").
 */
export function checkGeminiKey(deps: GeminiKeyDeps): CheckKey {
  return async (apiKey, current) => {
    try {
      const check = await validateGeminiKey({
        apiKey,
        currentModel: current.model,
        ...(deps.baseUrl ? { baseUrl: deps.baseUrl } : {}),
        ...(deps.configuredModel ? { configuredModel: deps.configuredModel } : {}),
      });
      if (check.noTextModel) {
        return { status: 'invalid', message: check.message, model: { model: null, checkedAt: new Date() }, refuse: 422 };
      }
      if (!check.valid) return { status: 'invalid', message: `Tidak valid: ${check.message}` };
      const model = check.model ? { model: { model: check.model, checkedAt: check.checkedAt ?? new Date() } } : {};
      return { status: 'valid', message: check.message, ...model };
    } catch (error) {
      // Not about the key (unreachable, failing, quota while choosing): the verdict stays open,
      // one Indonesian sentence, Gemini's words under "Detail".
      if (error instanceof GeminiError) return { status: 'unavailable', message: `Belum dapat dicek: ${error.userMessage}`, detail: error.detail };
      const message = error instanceof Error ? error.message : String(error);
      return { status: 'unavailable', message: 'Belum dapat dicek: pemeriksaan kunci Gemini gagal karena gangguan tak terduga. Coba Validasi lagi nanti.', detail: message };
    }
  };
}
