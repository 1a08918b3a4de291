import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { displayTitle } from '@scrapper/contracts/rules/readable-file-name';
import { cancelBatchDownloads } from '@scrapper/db/queries/download-batches';
import { hideAllDownloadHistory } from '@scrapper/db/queries/download-history';
import { markDownloadFilesMissing } from '@scrapper/db/queries/download-files';
import { listUsers } from '@scrapper/db/queries/users';
import { notFound } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/define-route.ts';
import { contentDisposition, sendStoredFile } from '../../lib/send-stored-file.ts';
import { deleteFile, listFiles } from '../../services/media/files.ts';
import { deleteHistoryEntry, findOwnDownload, listHistory } from '../../services/media/history.ts';
import { batchDto } from '../../services/media/batch-dto.ts';
import { batchZip } from '../../services/media/batch-zip.ts';
import { redownload } from '../../services/media/redownload.ts';
import { listResultFiles } from '../../services/media/list-result-files.ts';
import { listResultItems } from '../../services/media/list-result-items.ts';
import { openResultItem } from '../../services/media/open-result-item.ts';
import { requestDownload, startBatch } from '../../services/media/request-download.ts';
import { startUrlBatch } from '../../services/media/start-url-batch.ts';
import { requestPreview } from '../../services/media/request-preview.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ownerScope } from '../../lib/owner-scope.ts';

const WAIT_MS = 10 * 60 * 1000;

/** Aborts when the client goes away, so waiting for a worker stops with it. */
function clientSignal(request: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  request.raw.once('close', () => controller.abort());
  return controller.signal;
}

function extOf(key: string): string {
  const ext = key.split('.').pop() ?? 'mp4';
  return /^[a-z0-9]{1,5}$/i.test(ext) ? ext : 'mp4';
}

export function mediaRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { database, boss, storage } = deps;

  defineRoute(app, endpoints.media.resultFiles, ({ query, user }) => listResultFiles(database, user, query));

  defineRoute(app, endpoints.media.items, ({ query, user }) => listResultItems(database, storage, user, query));

  defineRoute(app, endpoints.media.itemDetail, async ({ params, query, user }) =>
    (await openResultItem(database, storage, user, { fileName: query.filename, username: query.username, itemId: params.id })).item,
  );

  defineRoute(app, endpoints.media.preview, async ({ params, query, user, request, reply }) => {
    const preview = await requestPreview(database, boss, storage, user, { itemId: params.id, fileName: query.filename, username: query.username }, clientSignal(request), WAIT_MS);
    return sendStoredFile(request, reply, storage, { key: preview.storageKey ?? '', mime: 'video/mp4' });
  });

  defineRoute(app, endpoints.media.download, async ({ params, query, user, request, reply }) => {
    const row = await requestDownload(database, boss, storage, user, { itemId: params.id, fileName: query.filename, quality: query.quality, username: query.username }, clientSignal(request), WAIT_MS);
    const key = row.storageKey ?? '';
    return sendStoredFile(request, reply, storage, {
      key,
      mime: row.mime ?? 'application/octet-stream',
      downloadName: contentDisposition(displayTitle(row), extOf(key)),
      onMissing: () => markDownloadFilesMissing(database.db, [row.id]),
    });
  });

  defineRoute(app, endpoints.media.startBatch, async ({ body, user }) => {
    const batch = body.urls
      ? await startUrlBatch(database, boss, user, { urls: body.urls, quality: body.quality }, deps.env.fetchPolicy)
      : await startBatch(database, boss, storage, user, { fileName: body.filename ?? '', itemIds: body.itemIds ?? [], quality: body.quality, username: body.username });
    return batchDto(database, batch.id, null);
  });

  defineRoute(app, endpoints.media.batch, async ({ params, user }) => {
    return batchDto(database, params.id, ownerScope(user));
  });

  defineRoute(app, endpoints.media.batchZip, async ({ params, user, reply }) => {
    const zip = await batchZip(database, storage, params.id, ownerScope(user));
    reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${zip.fileName}"`);
    return reply.code(200).send(zip.stream);
  });

  defineRoute(app, endpoints.media.redownloadHistory, async ({ params, user }) => {
    const batch = await redownload(database, boss, storage, user, params.id);
    return batchDto(database, batch.id, null);
  });

  defineRoute(app, endpoints.media.cancelBatch, async ({ params, user }) => {
    const ownerId = ownerScope(user);
    await batchDto(database, params.id, ownerId); // 404 for someone else's batch
    // Workers watch their download's row and stop yt-dlp when it says cancelled.
    await cancelBatchDownloads(database.db, params.id);
    return batchDto(database, params.id, ownerId);
  });

  defineRoute(app, endpoints.media.history, ({ query, user }) => listHistory(database, user.id, { ...query, userId: undefined }));
  defineRoute(app, endpoints.media.historyAll, ({ query }) => listHistory(database, null, query));

  defineRoute(app, endpoints.media.redownload, async ({ params, user, request, reply }) => {
    const row = await findOwnDownload(database, user, params.id);
    if (row.status !== 'completed' || !row.storageKey || row.fileDeletedAt) throw notFound('File hilang');
    return sendStoredFile(request, reply, storage, {
      key: row.storageKey,
      mime: row.mime ?? 'application/octet-stream',
      downloadName: contentDisposition(displayTitle(row), extOf(row.storageKey)),
      onMissing: () => markDownloadFilesMissing(database.db, [row.id]),
    });
  });

  defineRoute(app, endpoints.media.deleteHistory, ({ params, user }) => deleteHistoryEntry(database, user, params.id));
  defineRoute(app, endpoints.media.deleteAllHistory, async () => ({ deleted: await hideAllDownloadHistory(database.db) }));

  defineRoute(app, endpoints.files.list, ({ query, user }) => listFiles(database, user, query));
  defineRoute(app, endpoints.files.remove, ({ params, user }) => deleteFile(database, storage, user, params.id));
  defineRoute(app, endpoints.files.users, async () => (await listUsers(database.db)).map((u) => ({ id: u.id, username: u.username })));
}
