import type { SessionUser } from '@scrapper/contracts/http/auth';
import { paginationOf } from '@scrapper/contracts/common';
import type { ListItemsQuery, ListItemsResponse, VideoListItem } from '@scrapper/contracts/http/media';
import type { Database } from '@scrapper/db/client';
import { listResultItemsPage } from '@scrapper/db/queries/result-items';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { openResultFile } from './open-result-file.ts';
import { mappedItemOf } from '@scrapper/db/result-file/read-items';

/** One page of a result file's items, filtered and sorted in SQL over its index (no raw records). */
export async function listResultItems(database: Database, storage: Storage, user: SessionUser, query: ListItemsQuery): Promise<ListItemsResponse> {
  const file = await openResultFile(database, storage, user, query.filename, query.username);
  const page = await listResultItemsPage(database.sql, { taskId: file.task.id, ownerId: file.task.ownerId, platform: file.platform }, query);
  const items = page.items.map((row): VideoListItem => ({ ...mappedItemOf(file.platform, row), downloaded: row.downloaded }));
  return { fileName: query.filename, platformId: file.platform, items, pagination: paginationOf(query, items.length, page.total), counts: page.counts };
}
