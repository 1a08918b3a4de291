import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Upload } from '@scrapper/contracts/http/youtube-uploads';
import type { Database } from '@scrapper/db/client';
import { listYouTubeUploads } from '@scrapper/db/queries/youtube';
import { toUploadDto } from './to-upload-dto.ts';
import { ownerScope } from '../../lib/owner-scope.ts';

/** The caller's uploads, newest first; an admin asking for all gets everyone's, with usernames. */
export async function listUploads(
  database: Database,
  user: SessionUser,
  query: { all?: 'true' | 'false' | undefined; limit: number; offset: number },
): Promise<{ videos: Upload[]; total: number }> {
  // Only an admin asking for all is unscoped.
  const userId = query.all === 'true' ? ownerScope(user) : user.id;
  const everyone = userId === null;
  const { rows, total } = await listYouTubeUploads(database.db, { userId, limit: query.limit, offset: query.offset });
  return { videos: rows.map((row) => toUploadDto(row, row.accountName, everyone ? row.ownerUsername : undefined)), total };
}
