import { DeletionRequestBodySchema } from '@scrapper/contracts/http/data-deletion';
import { ApiError } from '@/lib/api-error.ts';

export const EMAIL_REQUIRED = 'Email wajib diisi.';
export const EMAIL_TOO_LONG = 'Alamat email terlalu panjang (maksimal 254 karakter).';
/** The contract's own message, so browser and server refuse an address in the same words. */
export const EMAIL_INVALID = 'Masukkan alamat email yang valid.';
/** Spec part 2, section 8 leaves the wording of the network failure open. */
export const NETWORK_FAILURE =
  'Permintaan tidak dapat dikirim. Periksa koneksi internet Anda lalu coba lagi, atau hubungi administrator jika masalah berlanjut.';

export type EmailCheck = { ok: true; email: string } | { ok: false; error: string };

/** Spec part 2, section 5: the deletion request needs a valid email (checked before sending). */
export function checkEmail(value: string): EmailCheck {
  const email = value.trim();
  if (email === '') return { ok: false, error: EMAIL_REQUIRED };
  if (email.length > 254) return { ok: false, error: EMAIL_TOO_LONG };
  const parsed = DeletionRequestBodySchema.safeParse({ email });
  if (!parsed.success) return { ok: false, error: EMAIL_INVALID };
  return { ok: true, email: parsed.data.email };
}

/**
 * Spec part 2, section 8: a server error shows 'Error: ' plus its message (a refused address,
 * too many requests); no answer at all shows a try-again text.
 */
export function deletionErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http') {
    return `Error: ${error.serverMessage ?? error.message}`;
  }
  if (error instanceof ApiError && error.kind === 'invalid-request') return error.message;
  return NETWORK_FAILURE;
}
