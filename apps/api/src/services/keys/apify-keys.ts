import { createApify } from '@scrapper/integrations/apify';
import type { CheckKey } from './api-keys.ts';

/** Asks Apify who owns the token. */
export function checkApifyKey(apifyBaseUrl: string): CheckKey {
  return async (token) => {
    const verdict = await createApify({ token, baseUrl: apifyBaseUrl, maxRetries: 1 }).validateToken();
    if (verdict.ok) return { status: 'valid', message: `Valid (akun ${verdict.username}).` };
    if (verdict.reason === 'unavailable') return { status: 'unavailable', message: `Apify tidak dapat dihubungi: ${verdict.message}` };
    return { status: 'invalid', message: `Tidak valid: ${verdict.message}` };
  };
}
