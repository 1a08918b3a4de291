import { createApify } from '@scrapper/integrations/apify';
import type { CheckKey } from './api-keys.ts';

/**
 * Asks Apify who owns the token. "Tidak valid" only when Apify refused the token; anything
 * else (unreachable, failing, another refusal) is "Belum dapat dicek". Apify's own words go
 * under "Detail", never as the sentence.
 */
export function checkApifyKey(apifyBaseUrl: string): CheckKey {
  return async (token) => {
    const verdict = await createApify({ token, baseUrl: apifyBaseUrl, maxRetries: 1 }).validateToken();
    if (verdict.ok) return { status: 'valid', message: `Valid (akun ${verdict.username}).` };
    if (verdict.reason === 'invalid-token') {
      return { status: 'invalid', message: 'Tidak valid: Apify menolak token ini (token salah, dicabut, atau akunnya tidak ada). Salin ulang token dari Apify Console.', detail: verdict.message };
    }
    const why = verdict.reason === 'unavailable' ? 'Apify tidak dapat dihubungi atau sedang bermasalah' : 'jawaban Apify bukan tentang token ini';
    return { status: 'unavailable', message: `Belum dapat dicek: ${why}. Coba Validasi lagi nanti.`, detail: verdict.message };
  };
}
