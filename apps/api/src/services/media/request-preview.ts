import { DEFAULT_PREVIEW_FORMAT } from '@scrapper/contracts/http/actor-configs';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Database } from '@scrapper/db/client';
import { findPreview, insertOrFindPreview, requeuePreview } from '@scrapper/db/queries/previews';
import type { PreviewRow } from '@scrapper/db/schema';
import { bossTransaction, enqueue, type Boss } from '@scrapper/db/queue';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { openResultItem } from './open-result-item.ts';
import { directUrlOf } from './request-download.ts';

/**
 * A preview clip of an item, made once per item, format and length by a worker (yt-dlp
 * with the actor's preview format, cut to its maxDuration) and shared by everyone after.
 */
export async function requestPreview(
  database: Database,
  boss: Boss,
  storage: Storage,
  user: SessionUser,
  input: { itemId: string; fileName: string; username?: string },
  signal: AbortSignal,
  timeoutMs: number,
): Promise<PreviewRow> {
  const { file: { platform, config }, item } = await openResultItem(database, storage, user, input);
  if (!item.url) throw badRequest('Item ini tidak memiliki URL untuk dipratinjau.');
  const spec = config?.previewSpecific ?? { enabled: true, format: DEFAULT_PREVIEW_FORMAT, maxDuration: 30 };
  if (!spec.enabled) throw badRequest('Preview tidak aktif untuk platform ini.');

  const preview = await database.transaction(async ({ db, sql }) => {
    const { row, created } = await insertOrFindPreview(db, {
      platform,
      sourceItemId: item.id,
      sourceUrl: item.url,
      directUrl: directUrlOf(item),
      format: spec.format,
      maxDurationSecs: spec.maxDuration,
    });
    const retry = !created && row.status === 'failed' && (await requeuePreview(db, row.id));
    if (created || retry) await enqueue(boss, 'video.preview', { previewId: row.id, requestedBy: user.id }, { db: bossTransaction(sql), singletonKey: row.id });
    return row;
  });

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await findPreview(database.db, preview.id);
    if (!row) throw notFound('Preview tidak ditemukan.');
    if (row.status === 'completed' && row.storageKey) return row;
    if (row.status === 'failed') throw new AppError(502, `Gagal membuat preview: ${row.error ?? 'alasan tidak diketahui'}`);
    if (signal.aborted) throw new AppError(499, 'Permintaan dibatalkan oleh klien.');
    if (Date.now() > deadline) throw new AppError(504, 'Preview belum siap; coba lagi sebentar lagi.');
    await new Promise((r) => setTimeout(r, 300));
  }
}
