import { assertFetchableUrl, UrlNotAllowedError, type FetchPolicy } from '@scrapper/integrations/url-guard';
import { AppError, badRequest } from '../../lib/errors.ts';

/**
 * The URL guard's rules for a URL the worker will fetch later: refused now with a 400 naming
 * the field, so a member learns at once instead of from a failed upload.
 */
export async function checkSourceUrl(field: string, url: string | undefined, policy: FetchPolicy): Promise<void> {
  if (!url) return;
  try {
    await assertFetchableUrl(url, policy);
  } catch (error) {
    if (error instanceof UrlNotAllowedError) throw badRequest(`${field}: ${error.message}`);
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw badRequest(`${field}: nama host URL tidak ditemukan.`);
    throw new AppError(503, `${field}: nama host URL tidak dapat diperiksa saat ini. Coba lagi sebentar lagi.`);
  }
}
