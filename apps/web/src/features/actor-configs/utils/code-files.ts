import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { CodeKey } from '@scrapper/contracts/http/codegen';
import { ApiError } from '@/lib/api-error.ts';

/** Spec part 1, section 7: generated files are saved as `{platformId}_{codeKey}.js`. */
export function codeFileName(platformId: string, key: CodeKey): string {
  return `${platformId}_${key}.js`;
}

/** The configuration as the generator receives it, indented for reading. */
export function prettyConfig(actor: ActorConfig): string {
  return JSON.stringify(actor, null, 2);
}

/** Spec part 1, section 8: 'Gagal menghasilkan kode: {msg}'. */
export function generateErrorMessage(error: unknown): string {
  let detail = 'kesalahan tidak dikenal';
  if (error instanceof ApiError) detail = error.serverMessage ?? error.message;
  else if (error instanceof Error && error.message) detail = error.message;
  return `Gagal menghasilkan kode: ${detail}`;
}

export const COPY_SUCCESS = 'Kode berhasil disalin ke clipboard!';
export const COPY_FAILURE = 'Gagal menyalin kode ke clipboard';
