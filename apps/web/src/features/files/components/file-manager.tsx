import type { SessionUser } from '@scrapper/contracts/http/auth';
import { formatBytes, type FileItem } from '@scrapper/contracts/http/files';
import { Alert } from '@scrapper/ui/alert';
import { Card } from '@scrapper/ui/card';
import { ConfirmDialog } from '@scrapper/ui/confirm-dialog';
import { useEffect, useRef, useState } from 'react';
import { LoadState } from '@/components/load-state.tsx';
import { PagedVirtualList } from '@/components/paged-virtual-list.tsx';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import { useMediaQuery } from '@/hooks/use-media-query.ts';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { safeFileName } from '@/lib/content-disposition.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { deleteFile, fetchStoredFile } from '../api.ts';
import type { FilePage, FileQuery } from '../api.ts';
import { useFiles } from '../hooks/use-files.ts';
import { FileEntry } from './file-entry.tsx';
import { FileFilters } from './file-filters.tsx';
import { FileStats } from './file-stats.tsx';
import './files.css';

const DEFAULT_QUERY: FileQuery = { platform: '', search: '', sortBy: 'date', order: 'desc' };
const SEARCH_DELAY_MS = 400;
const EMPTY_STATS: FilePage['stats'] = { totalFiles: 0, formattedTotalSize: '0 B', totalBytes: 0, platforms: [] };
/** Row heights (gap included) of the windowed list: one line each for title, details and name. */
export const FILE_ROW_HEIGHT = 104;
/** Below 600 px the buttons go under the text. */
export const FILE_ROW_HEIGHT_NARROW = 180;
const NARROW = '(max-width: 599px)';

const count = (n: number) => n.toLocaleString('id-ID');

/** The file manager (spec part 2, section 2): stats, filters, files with download and delete. */
export function FileManager({ user }: { user: SessionUser }) {
  const [query, setQuery] = useState<FileQuery>(DEFAULT_QUERY);
  const search = useDebouncedValue(query.search.trim(), SEARCH_DELAY_MS);
  const list = useFiles({ ...query, search });
  const narrow = useMediaQuery(NARROW);
  // The stats describe the whole library: the last ones stay on screen while a filter loads.
  const [stats, setStats] = useState<FilePage['stats']>(EMPTY_STATS);
  const [seen, setSeen] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<FileItem | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);
  const showToast = useToastStore((state) => state.show);

  useEffect(() => {
    if (list.answer) setStats(list.answer.stats);
  }, [list.answer]);

  // The platform filter keeps offering platforms seen before, also while one is chosen.
  useEffect(() => {
    setSeen((known) => {
      const added = stats.platforms.filter((platform) => !known.includes(platform));
      return added.length > 0 ? [...known, ...added] : known;
    });
  }, [stats.platforms]);

  async function download(file: FileItem) {
    setDownloadingId(file.id);
    try {
      const fetched = await fetchStoredFile(file.downloadUrl);
      saveBlob(fetched.blob, fetched.fileName ?? `${safeFileName(file.title)}.mp4`);
    } catch (error) {
      const missing = error instanceof ApiError && error.status === 404;
      showToast('danger', missing ? 'File hilang' : errorMessage(error, 'Gagal mengunduh file'));
    } finally {
      setDownloadingId(null);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await deleteFile(deleting.id);
      const removed = deleting;
      setDeleting(null);
      showToast('success', 'File berhasil dihapus.');
      // The Hapus button is gone with its row; focus goes to the list's heading area. The row
      // leaves the loaded list (the next page's offset stays right) and the cards follow.
      headingRef.current?.focus();
      list.removeItems(new Set([removed.id]));
      setStats((before) => {
        const totalBytes = Math.max(0, before.totalBytes - (removed.sizeBytes ?? 0));
        return { ...before, totalFiles: Math.max(0, before.totalFiles - 1), totalBytes, formattedTotalSize: formatBytes(totalBytes) };
      });
    } catch (error) {
      setDeleteError(errorMessage(error, 'Gagal menghapus file'));
    } finally {
      setDeleteBusy(false);
    }
  }

  const filtered = query.platform !== '' || search !== '';
  return (
    <div className="file-manager">
      <FileStats stats={stats} />
      <Card title="Daftar File">
        <div ref={headingRef} tabIndex={-1} className="file-manager__top">
          <FileFilters query={query} seenPlatforms={seen} onChange={setQuery} />
        </div>
        <LoadState
          loading={list.status === 'loading'}
          loadingLabel="Memuat daftar file..."
          error={list.status === 'error' ? 'Gagal memuat daftar file' : null}
          onRetry={list.reload}
        />
        {list.status === 'ready' && list.items.length === 0 ? (
          <p className="muted">
            {filtered ? 'Tidak ada file yang cocok dengan filter.' : 'Belum ada file'}
          </p>
        ) : null}
        {list.status === 'ready' && list.items.length > 0 ? (
          <PagedVirtualList
            label="File yang diunduh"
            pages={list}
            idOf={(file) => file.id}
            rowHeight={narrow ? FILE_ROW_HEIGHT_NARROW : FILE_ROW_HEIGHT}
            summary={`Menampilkan ${count(list.items.length)} dari ${count(list.total)} file.`}
            moreFailedText="Gagal memuat daftar file"
            renderRow={(file) => (
              <FileEntry
                file={file}
                showUser={user.role === 'admin'}
                downloading={downloadingId === file.id}
                onDownload={(f) => void download(f)}
                onDelete={(f) => {
                  setDeleteError(null);
                  setDeleting(f);
                }}
              />
            )}
          />
        ) : null}
      </Card>

      <ConfirmDialog
        open={deleting !== null}
        title="Hapus File"
        message="Apakah Anda yakin ingin menghapus file ini dari penyimpanan?"
        confirmLabel="Hapus"
        loading={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? (
          <p className="muted">
            File: <strong>{deleting.title}</strong>
          </p>
        ) : null}
        {deleteError ? <Alert tone="danger">{deleteError}</Alert> : null}
      </ConfirmDialog>
    </div>
  );
}
