import { validateGeminiKey } from '@scrapper/integrations/gemini';
import type { CheckKey } from './api-keys.ts';

/** One small request with the key; an error that is not about the key leaves the verdict open. */
export function checkGeminiKey(geminiBaseUrl: string | undefined): CheckKey {
  return async (apiKey) => {
    try {
      const verdict = await validateGeminiKey({ apiKey, ...(geminiBaseUrl ? { baseUrl: geminiBaseUrl } : {}) });
      return verdict.valid ? { status: 'valid', message: verdict.message } : { status: 'invalid', message: `Tidak valid: ${verdict.message}` };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { status: 'unavailable', message: `Gemini tidak dapat dihubungi: ${message}` };
    }
  };
}
