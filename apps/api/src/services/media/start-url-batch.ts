import type { FetchPolicy } from '@scrapper/integrations/url-guard';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Quality } from '@scrapper/contracts/http/media';
import { platformOfUrl } from '@scrapper/contracts/rules/download-links';
import type { Database } from '@scrapper/db/client';
import { insertDownloadBatch, setDownloadBatch } from '@scrapper/db/queries/download-batches';
import { insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import type { DownloadBatchRow } from '@scrapper/db/schema';
import { bossTransaction, enqueue, type Boss } from '@scrapper/db/queue';
import { checkSourceUrl } from '../youtube/check-source-url.ts';

/**
 * "Unduh dari URL": every link passes the URL guard first (a refused one answers 400 and nothing
 * is written), then the batch, its downloads and their jobs are written in one transaction. Until
 * yt-dlp has looked, a row's title is its link and its platform what the host says; the worker
 * fills in yt-dlp's title, uploader and platform when the file is in.
 */
export async function startUrlBatch(
  database: Database,
  boss: Boss,
  user: SessionUser,
  input: { urls: string[]; quality: Quality },
  fetchPolicy: FetchPolicy,
): Promise<DownloadBatchRow> {
  const links = [...new Set(input.urls.map((u) => new URL(u).href))];
  for (const [index, link] of links.entries()) {
    await checkSourceUrl(links.length > 1 ? `Tautan ${index + 1}` : 'Tautan', link, fetchPolicy);
  }
  return database.transaction(async ({ db, sql }) => {
    const batch = await insertDownloadBatch(db, { ownerId: user.id, resultFileName: null, source: 'urls', quality: input.quality, total: links.length });
    for (const link of links) {
      const { row, created } = await insertOrJoinDownload(db, {
        ownerId: user.id,
        platform: platformOfUrl(link),
        // The link stands for the item until yt-dlp names its id: the same link pasted twice
        // while the first is still downloading joins it.
        sourceItemId: link,
        sourceUrl: link,
        directUrl: null,
        resultFileName: null,
        title: link,
        author: '',
        quality: input.quality,
        batchId: batch.id,
        item: { url: link },
      });
      if (created) await enqueue(boss, 'video.download', { downloadId: row.id }, { db: bossTransaction(sql), singletonKey: row.id });
      else await setDownloadBatch(db, row.id, batch.id);
    }
    return batch;
  });
}
