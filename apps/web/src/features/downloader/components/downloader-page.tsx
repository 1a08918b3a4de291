import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Quality, VideoListItem } from '@scrapper/contracts/http/media';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Spinner } from '@scrapper/ui/spinner';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { platformLabel } from '@scrapper/contracts/rules/platforms';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import { useActorConfigs } from '../hooks/use-actor-configs.ts';
import { useBatchDownload } from '../hooks/use-batch-download.ts';
import { useChosenFile } from '../hooks/use-chosen-file.ts';
import { useDownloadedIds } from '../hooks/use-downloaded-ids.ts';
import { useItemDetail } from '../hooks/use-item-detail.ts';
import { useItemPages } from '../hooks/use-item-pages.ts';
import { usePreviewVideo } from '../hooks/use-preview-video.ts';
import { useResultFiles } from '../hooks/use-result-files.ts';
import { useUserNames } from '@/hooks/use-user-names.ts';
import { formatFullCount } from '../utils/format-count.ts';
import type { ItemCounts } from '../utils/item-pager.ts';
import { DEFAULT_VIEW, isFiltered } from '../utils/item-view.ts';
import type { ItemView } from '../utils/item-view.ts';
import {
  SELECT_ALL_LIMIT,
  emptySelection,
  idsFor,
  selectAllNotice,
  selectAllState,
  selectAllTarget,
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
import './downloader.css';

const NOTHING_SELECTED = 'Tidak ada item yang dipilih untuk diunduh.';
const ITEMS_FAILED = 'Gagal memuat item video.';
/** Typing settles this long before the server is asked (file search, item search). */
const SEARCH_DELAY_MS = 300;

/** "Menampilkan 40 dari 3.000 item (1 disembunyikan karena durasi, 1 duplikat). 2 dipilih." */
function summaryText(total: number, counts: ItemCounts, selectedCount: number): string {
  const hidden = [
    `${formatFullCount(counts.hiddenByDuration)} disembunyikan karena durasi`,
    `${formatFullCount(counts.hiddenAsDuplicate)} duplikat`,
  ];
  if (counts.hiddenAsDownloaded > 0) {
    hidden.push(`${formatFullCount(counts.hiddenAsDownloaded)} sudah diunduh`);
  }
  const anyHidden =
    counts.hiddenByDuration + counts.hiddenAsDuplicate + counts.hiddenAsDownloaded > 0;
  return `Menampilkan ${formatFullCount(total)} dari ${formatFullCount(counts.all)} item${
    anyHidden ? ` (${hidden.join(', ')})` : ''
  }. ${formatFullCount(selectedCount)} dipilih.`;
}

/** The downloader (spec part 2, section 2): file, video table, quality, filters, batch. */
export function DownloaderPage({ user }: { user: SessionUser }) {
  const isAdmin = user.role === 'admin';
  const [searchParams, setSearchParams] = useSearchParams();
  const fileName = searchParams.get('file') || null;
  const [username, setUsername] = useState('');
  const [fileSearch, setFileSearch] = useState('');
  const [selection, setSelection] = useState<Selection>(() => emptySelection(fileName));
  const [filters, setFilters] = useState<ItemView>(DEFAULT_VIEW);
  const [searchText, setSearchText] = useState('');
  const [reload, setReload] = useState(0);
  const [quality, setQuality] = useState<Quality>('best');
  const [detailItem, setDetailItem] = useState<VideoListItem | null>(null);
  const [previewItem, setPreviewItem] = useState<VideoListItem | null>(null);
  const [selectingAll, setSelectingAll] = useState(false);
  const [selectNote, setSelectNote] = useState<{
    key: string;
    tone: 'info' | 'danger';
    text: string;
  } | null>(null);

  const users = useUserNames(isAdmin);
  const settledFileSearch = useDebouncedValue(fileSearch, SEARCH_DELAY_MS);
  const files = useResultFiles(isAdmin && username ? username : undefined, settledFileSearch);
  const chosen = useChosenFile(fileName, files.files);
  const { configs, version } = useActorConfigs();
  const downloaded = useDownloadedIds(user.id);
  const hideDownloaded = filters.hideDownloaded;
  const onDownloaded = useCallback(
    (ids: string[]) => {
      downloaded.remember(ids);
      // The server hides downloaded items: list again without the ones just done.
      if (hideDownloaded && ids.length > 0) setReload((n) => n + 1);
    },
    [downloaded, hideDownloaded],
  );
  const batch = useBatchDownload({ onDownloaded });

  // Admins open other people's files by naming the owner; they wait to know who that is.
  // Members only ever see their own files.
  const owner = isAdmin
    ? chosen.status === 'ready'
      ? (chosen.file?.username ?? (username || undefined))
      : undefined
    : undefined;
  const settledSearch = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const view = useMemo(
    () => ({ ...filters, search: settledSearch.trim() }),
    [filters, settledSearch],
  );
  const items = useItemPages({
    fileName: isAdmin && chosen.status === 'loading' ? null : fileName,
    username: owner,
    configVersion: version,
    view,
    reload,
  });
  const viewKey = JSON.stringify([fileName, view]);

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

  // The rows "pilih semua" takes: the first ones listed (never a walk over every loaded row).
  const headIds = useMemo(
    () => items.items.slice(0, SELECT_ALL_LIMIT).map((item) => item.id),
    [items.items],
  );
  const selected = idsFor(selection, fileName);
  const allState = selectAllState(selected, headIds, items.total);

  const preview = usePreviewVideo(
    previewItem && fileName ? { itemId: previewItem.id, fileName, username: owner } : null,
  );
  const detail = useItemDetail(
    detailItem && fileName ? { itemId: detailItem.id, fileName, username: owner } : null,
  );

  function changeFile(next: string | null) {
    // Spec: changing the selected file clears the selection.
    setSelection(emptySelection(next));
    setSelectNote(null);
    batch.setNotice(null);
    setSearchParams(next ? { file: next } : {}, { replace: true });
  }

  function changeUsername(next: string) {
    setUsername(next);
    if (chosen.status === 'ready' && chosen.file && next && chosen.file.username !== next) {
      changeFile(null);
    }
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

  async function toggleEveryShown() {
    const total = items.total;
    if (allState === 'all') {
      setSelection((current) => ({
        fileName,
        ids: toggleAll(idsFor(current, fileName), headIds, total),
      }));
      setSelectNote(null);
      return;
    }
    // "Pilih semua" takes the first items the filters list, up to one batch: load them first.
    setSelectingAll(true);
    const head = await items.loadFirst(selectAllTarget(total));
    setSelectingAll(false);
    if (!head) {
      setSelectNote({
        key: viewKey,
        tone: 'danger',
        text: 'Gagal memuat item untuk dipilih. Coba lagi.',
      });
      return;
    }
    const ids = head.map((item) => item.id);
    setSelection((current) => ({
      fileName,
      ids: toggleAll(idsFor(current, fileName), ids, total),
    }));
    const text = selectAllNotice(total);
    setSelectNote(text ? { key: viewKey, tone: 'info', text } : null);
  }

  function download() {
    if (!fileName || selected.size === 0) {
      batch.setNotice({ tone: 'warning', message: NOTHING_SELECTED, failures: [] });
      return;
    }
    void batch.start({ fileName, itemIds: [...selected], quality, username: owner });
  }

  const counts = items.counts;
  const note = selectNote?.key === viewKey ? selectNote : null;

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
        search={fileSearch}
        onSearchChange={setFileSearch}
        files={files.files}
        total={files.total}
        hasMore={files.hasMore}
        loadingMore={files.loadingMore}
        moreFailed={files.moreFailed}
        onLoadMore={files.loadMore}
        status={files.status}
        fileName={fileName}
        chosen={chosen.status === 'ready' ? chosen.file : null}
        onFileChange={changeFile}
        platformName={platformName}
      />

      <Card title="Daftar Video">
        <DownloadToolbar
          quality={quality}
          onQualityChange={setQuality}
          filters={filters}
          onFiltersChange={setFilters}
          searchText={searchText}
          onSearchTextChange={setSearchText}
          selectedCount={selected.size}
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
        {fileName && items.status === 'error' ? <Alert tone="danger">{ITEMS_FAILED}</Alert> : null}
        {items.status === 'ready' && counts && items.total === 0 ? (
          <p className="muted downloader__empty">
            {counts.all > 0 && isFiltered(view)
              ? 'Semua item disembunyikan oleh filter. Ubah filter untuk menampilkannya.'
              : 'Tidak ada item untuk ditampilkan. Pilih file lain.'}
          </p>
        ) : null}
        {items.status === 'ready' && counts && items.total > 0 ? (
          <>
            <p className="muted downloader__summary" aria-live="polite">
              {summaryText(items.total, counts, selected.size)}
            </p>
            {selectingAll ? <Spinner label="Memuat item untuk dipilih..." showLabel /> : null}
            {note ? (
              <Alert
                tone={note.tone}
                onDismiss={() => setSelectNote(null)}
                dismissLabel="Tutup pesan pilihan"
              >
                {note.text}
              </Alert>
            ) : null}
            <VideoTable
              key={viewKey}
              items={items.items}
              total={items.total}
              onWindowEnd={items.onWindowEnd}
              selected={selected}
              downloaded={downloaded.ids}
              allState={allState}
              platformName={platformName}
              previewEnabled={previewEnabled}
              onToggle={toggle}
              onToggleAll={() => void toggleEveryShown()}
              onPreview={setPreviewItem}
              onOpen={setDetailItem}
            />
            <div className="downloader__more">
              {items.loadingMore ? <Spinner label="Memuat item berikutnya..." showLabel /> : null}
              {items.moreFailed ? (
                <Alert tone="danger">
                  {ITEMS_FAILED}{' '}
                  <Button size="sm" variant="secondary" onClick={items.retryMore}>
                    Coba lagi
                  </Button>
                </Alert>
              ) : null}
            </div>
          </>
        ) : null}
      </Card>

      <ItemDetailModal
        item={detailItem}
        detail={detail}
        platformName={detailItem ? platformName(detailItem.platform) : ''}
        onClose={() => setDetailItem(null)}
      />
      <PreviewModal item={previewItem} state={preview} onClose={() => setPreviewItem(null)} />
    </div>
  );
}
