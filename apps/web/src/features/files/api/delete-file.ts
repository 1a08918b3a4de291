import { fileEndpoints } from '@scrapper/contracts/http/files';
import { call } from '@/lib/api-client.ts';

/** Deletes a downloaded file from storage; its history entry stays (as 'File hilang'). */
export function deleteFile(id: string): Promise<{ id: string }> {
  return call(fileEndpoints.remove, { params: { id } });
}
