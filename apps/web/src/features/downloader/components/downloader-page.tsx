import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { Quality } from '@scrapper/contracts/http/media';
import { Alert } from '@scrapper/ui/alert';
import { Card } from '@scrapper/ui/card';
import { Spinner } from '@scrapper/ui/spinner';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { platformLabel } from '@/config/platforms.ts';
import { useActorConfigs } from '../hooks/use-actor-configs.ts';
import { useBatchDownload } from '../hooks/use-batch-download.ts';
import { useDownloadedIds } from '../hooks/use-downloaded-ids.ts';
import { usePreviewVideo } from '../hooks/use-preview-video.ts';
import { useResultFiles } from '../hooks/use-result-files.ts';
import { useUserNames } from '../hooks/use-user-names.ts';
import { useVideoItems } from '../hooks/use-video-items.ts';
import { NO_HIDE_FILTERS, applyHideFilters } from '../utils/item-filters.ts';
import type { HideFilters } from '../utils/item-filters.ts';
import {
  emptySelection,
  idsFor,
  selectAllState,
  selectedVisible,
  toggleAll,
  toggleOne,
} from '../utils/selection.ts';
import type { Selection } from '../utils/selection.ts';
import { BatchNotice } from './batch-notice.tsx';
import { BatchPanel } from './batch-panel.tsx';
import { DownloadToolbar } from './download-toolbar.tsx';
import { FileSourceCard } from './file-source-card.tsx';
import { ItemDetailModal } from './item-detail-modal.tsx';
import { PreviewModal } from './preview-modal.tsx';
import { UrlDownloadCard } from './url-download-card.tsx';
import { VideoTable } from './video-table.tsx';

const NOTHING_SELECTED = 'Tidak ada item yang dipilih untuk diunduh.';

/** The downloader (spec part 2, section 2): file, video table, quality, filters, batch. */
export function DownloaderPage({ user }: { user: SessionUser }) {
  const isAdmin = user.role === 'admin';
  const [searchParams, setSearchParams] = useSearchParams();
  const fileName = searchParams.get('file') || null;
  const [username, setUsername] = useState('');
  const [selection, setSelection] = useState<Selection>(() => emptySelection(fileName));
  const [filters, setFilters] = useState<HideFilters>(NO_HIDE_FILTERS);
  const [quality, setQuality] = useState<Quality>('best');
  const [detailItem, setDetailItem] = useState<VideoItem | null>(null);
  const [previewItem, setPreviewItem] = useState<VideoItem | null>(null);

  const users = useUserNames(isAdmin);
  const files = useResultFiles(isAdmin && username ? username : undefined);
  const { configs, version } = useActorConfigs();
  const downloaded = useDownloadedIds(user.id);
  const batch = useBatchDownload({ onDownloaded: downloaded.remember });

  const file = files.files.find((f) => f.fileName === fileName);
  // Admins open other people's files by naming the owner; they wait for the file list to
  // know who that is. Members only ever see their own files.
  const owner = isAdmin ? (file?.username ?? (username || undefined)) : undefined;
  const items = useVideoItems({
    fileName: isAdmin && files.status === 'loading' ? null : fileName,
    username: owner,
    configVersion: version,
  });

  const configByPlatform = useMemo(
    () => new Map(configs.map((config) => [config.platformId, config])),
    [configs],
  );
  const platformName = useCallback(
    (id: string) => configByPlatform.get(id)?.displayName ?? platformLabel(id),
    [configByPlatform],
  );
  const previewEnabled = useCallback(
    (id: string) => configByPlatform.get(id)?.previewSpecific.enabled ?? true,
    [configByPlatform],
  );

  const filtered = useMemo(() => applyHideFilters(items.items, filters), [items.items, filters]);
  const visibleIds = useMemo(() => filtered.visible.map((item) => item.id), [filtered]);
  const selected = idsFor(selection, fileName);
  const chosen = selectedVisible(selected, visibleIds);

  const preview = usePreviewVideo(
    previewItem && fileName ? { itemId: previewItem.id, fileName, username: owner } : null,
  );

  function changeFile(next: string | null) {
    // Spec: changing the selected file clears the selection.
    setSelection(emptySelection(next));
    batch.setNotice(null);
    setSearchParams(next ? { file: next } : {}, { replace: true });
  }

  function changeUsername(next: string) {
    setUsername(next);
    if (file && next && file.username !== next) changeFile(null);
  }

  const toggle = useCallback(
    (id: string, checked: boolean) => {
      setSelection((current) => ({
        fileName,
        ids: toggleOne(idsFor(current, fileName), id, checked),
      }));
    },
    [fileName],
  );

  function toggleEveryShown() {
    setSelection((current) => ({
      fileName,
      ids: toggleAll(idsFor(current, fileName), visibleIds),
    }));
  }

  function download() {
    if (!fileName || chosen.length === 0) {
      batch.setNotice({ tone: 'warning', message: NOTHING_SELECTED, failures: [] });
      return;
    }
    void batch.start({ fileName, itemIds: chosen, quality, username: owner });
  }

  const hidden = filtered.hiddenByDuration + filtered.hiddenAsDuplicate;

  return (
    <div className="downloader">
      <UrlDownloadCard busy={batch.running} onSubmit={(urls, q) => void batch.startUrls(urls, q)} />
      <BatchPanel
        batch={batch.batch}
        running={batch.running}
        cancelling={batch.cancelling}
        zipping={batch.zipping}
        onCancel={batch.cancel}
        onClose={batch.close}
        onZip={() => void batch.downloadZip()}
      />
      {batch.notice ? (
        <BatchNotice notice={batch.notice} onDismiss={() => batch.setNotice(null)} />
      ) : null}

      <FileSourceCard
        isAdmin={isAdmin}
        users={users}
        username={username}
        onUsernameChange={changeUsername}
        files={files.files}
        status={files.status}
        fileName={fileName}
        onFileChange={changeFile}
        platformName={platformName}
      />

      <Card title="Daftar Video">
        <DownloadToolbar
          quality={quality}
          onQualityChange={setQuality}
          filters={filters}
          onFiltersChange={setFilters}
          selectedCount={chosen.length}
          busy={batch.running}
          onDownload={download}
        />

        {!fileName ? (
          <p className="muted downloader__empty">
            Pilih file hasil di atas untuk melihat daftar videonya.
          </p>
        ) : null}
        {fileName && (items.status === 'loading' || items.status === 'idle') ? (
          <Spinner label="Memuat item video..." showLabel />
        ) : null}
        {items.status === 'error' ? <Alert tone="danger">Gagal memuat item video.</Alert> : null}
        {items.status === 'ready' && filtered.visible.length === 0 ? (
          <p className="muted downloader__empty">
            {items.items.length > 0
              ? 'Semua item disembunyikan oleh filter. Ubah filter untuk menampilkannya.'
              : 'Tidak ada item untuk ditampilkan. Pilih file lain.'}
          </p>
        ) : null}
        {items.status === 'ready' && filtered.visible.length > 0 ? (
          <>
            <p className="muted downloader__summary" aria-live="polite">
              Menampilkan {filtered.visible.length} dari {items.items.length} item
              {hidden > 0
                ? ` (${filtered.hiddenByDuration} disembunyikan karena durasi, ${filtered.hiddenAsDuplicate} duplikat)`
                : ''}
              . {chosen.length} dipilih.
            </p>
            <VideoTable
              key={fileName}
              items={filtered.visible}
              selected={selected}
              downloaded={downloaded.ids}
              allState={selectAllState(selected, visibleIds)}
              platformName={platformName}
              previewEnabled={previewEnabled}
              onToggle={toggle}
              onToggleAll={toggleEveryShown}
              onPreview={setPreviewItem}
              onOpen={setDetailItem}
            />
          </>
        ) : null}
      </Card>

      <ItemDetailModal
        item={detailItem}
        platformName={detailItem ? platformName(detailItem.platform) : ''}
        onClose={() => setDetailItem(null)}
      />
      <PreviewModal item={previewItem} state={preview} onClose={() => setPreviewItem(null)} />
    </div>
  );
}
