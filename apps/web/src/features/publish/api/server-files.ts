import { fileEndpoints } from '@scrapper/contracts/http/files';
import type { FileItem } from '@scrapper/contracts/http/files';
import { call } from '@/lib/api-client.ts';
import { findServerFile } from '@/lib/api/find-server-file.ts';

export const PICKER_FILE_LIMIT = 100;

/**
 * The composer's file choices: the member's newest files still in storage, and the one asked
 * for by `?file=<id>` (the File Manager's or Riwayat's "Publikasikan") even when it is older.
 */
export async function listPickerFiles(
  requestedId: string | null,
  signal?: AbortSignal,
): Promise<FileItem[]> {
  const [page, requested] = await Promise.all([
    call(fileEndpoints.list, {
      query: { limit: PICKER_FILE_LIMIT, sortBy: 'date', order: 'desc' },
      signal,
    }),
    requestedId
      ? findServerFile(requestedId, signal).catch(() => undefined)
      : Promise.resolve(undefined),
  ]);
  const files = page.files.filter((file) => file.fileExists);
  if (requested?.fileExists && !files.some((file) => file.id === requested.id))
    files.unshift(requested);
  return files;
}
