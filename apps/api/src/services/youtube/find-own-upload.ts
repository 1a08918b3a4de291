import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Database } from '@scrapper/db/client';
import { findYouTubeUpload, type YouTubeUploadWithNames } from '@scrapper/db/queries/youtube';
import { notFound } from '../../lib/errors.ts';
import { canReach } from '../../lib/owner-scope.ts';

export const UPLOAD_NOT_FOUND = 'Upload tidak ditemukan.';

/** The caller's upload (admins: anyone's); another member's is "not found", as if absent. */
export async function findOwnUpload(database: Database, user: SessionUser, id: string): Promise<YouTubeUploadWithNames> {
  const row = await findYouTubeUpload(database.db, id);
  if (!row || !canReach(user, row.userId)) throw notFound(UPLOAD_NOT_FOUND);
  return row;
}
