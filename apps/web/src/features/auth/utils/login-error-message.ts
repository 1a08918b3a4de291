import { ApiError } from '@/lib/api-error.ts';

/** Spec, error catalogue: the message for a failed login. */
export const LOGIN_FAILED_MESSAGE = 'Login gagal. Periksa kembali username dan password Anda.';

/**
 * Wrong credentials get the spec's fixed text (the server's wording is not shown, so it
 * never hints which of the two was wrong). Rate limiting (429) shows the server's message,
 * which says how long to wait; no answer at all says so.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return LOGIN_FAILED_MESSAGE;
  if (error.kind === 'network') return error.message;
  if (error.status === 429) {
    return error.serverMessage ?? 'Terlalu banyak percobaan login. Silakan coba lagi nanti.';
  }
  return LOGIN_FAILED_MESSAGE;
}
