import { ApiError, errorMessage } from '@/lib/api-error.ts';

// Spec part 1, section 8: what a failed start says.

export const START_FAILED = 'Gagal memulai tugas.';
export const ALL_STARTS_FAILED = 'Semua tugas scraping gagal. Silakan coba lagi.';
export const START_UNEXPECTED = 'Terjadi kesalahan saat memulai scraping. Silakan coba lagi.';

/**
 * One failed start: the server's message; for a provider failure (502/503/504, the API could
 * not get Apify to start the actor) 'Gagal memulai Aktor Apify: {msg}'; else the default.
 */
export function startErrorMessage(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.kind === 'http' &&
    [502, 503, 504].includes(error.status)
  ) {
    return `Gagal memulai Aktor Apify: ${error.serverMessage ?? error.message}`;
  }
  return errorMessage(error, START_FAILED);
}

export type StartSummary =
  { tone: 'success'; message: string } | { tone: 'warning' | 'danger'; message: string };

/** Several targets started in parallel: how many made it. */
export function summarizeStarts(started: number, failed: number): StartSummary {
  if (failed === 0) {
    return {
      tone: 'success',
      message:
        started === 1 ? 'Tugas scraping dimulai.' : `Berhasil memulai ${started} tugas scraping.`,
    };
  }
  if (started === 0) return { tone: 'danger', message: ALL_STARTS_FAILED };
  return {
    tone: 'warning',
    message: `Berhasil memulai ${started} tugas scraping. ${failed} tugas gagal.`,
  };
}
