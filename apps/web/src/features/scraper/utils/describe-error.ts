import { ApiError } from '@/lib/api-error.ts';

/** The text after 'Gagal memuat file: ' and the like: the server's words, else the error's. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
