import { fileEndpoints } from '@scrapper/contracts/http/files';
import type { FileItem } from '@scrapper/contracts/http/files';
import { call } from '@/lib/api-client.ts';

/**
 * A file of the File Manager (GET /api/files) by id, for `/youtube?file=<id>`; undefined when
 * the member cannot see it (another member's, deleted).
 */
export async function findServerFile(
  id: string,
  signal?: AbortSignal,
): Promise<FileItem | undefined> {
  // Asked by id: the list pages, and the file may be far older than its first page.
  const list = await call(fileEndpoints.list, { query: { id, limit: 1 }, signal });
  return list.files.find((file) => file.id === id);
}
