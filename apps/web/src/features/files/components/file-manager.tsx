import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { FileItem } from '@scrapper/contracts/http/files';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { ConfirmDialog } from '@scrapper/ui/confirm-dialog';
import { Spinner } from '@scrapper/ui/spinner';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { safeFileName } from '@/lib/content-disposition.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { deleteFile } from '../api/delete-file.ts';
import { fetchStoredFile } from '../api/fetch-stored-file.ts';
import type { FileQuery } from '../api/list-files.ts';
import { useFiles } from '../hooks/use-files.ts';
import { FileEntry } from './file-entry.tsx';
import { FileFilters } from './file-filters.tsx';
import { FileStats } from './file-stats.tsx';

const DEFAULT_QUERY: FileQuery = { platform: '', sortBy: 'date', order: 'desc' };

/** The file manager (spec part 2, section 2): stats, filters, files with download and delete. */
export function FileManager({ user }: { user: SessionUser }) {
  const [query, setQuery] = useState<FileQuery>(DEFAULT_QUERY);
  const { data, status, reload } = useFiles(query);
  const [seen, setSeen] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<FileItem | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);
  const showToast = useToastStore((state) => state.show);

  // The platform filter keeps offering platforms seen before, also while one is chosen.
  useEffect(() => {
    setSeen((known) => {
      const added = data.stats.platforms.filter((platform) => !known.includes(platform));
      return added.length > 0 ? [...known, ...added] : known;
    });
  }, [data.stats.platforms]);

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
      setDeleting(null);
      showToast('success', 'File berhasil dihapus.');
      // The Hapus button is gone with its row; focus goes to the list's heading area.
      headingRef.current?.focus();
      reload();
    } catch (error) {
      setDeleteError(errorMessage(error, 'Gagal menghapus file'));
    } finally {
      setDeleteBusy(false);
    }
  }

  return (
    <div className="file-manager">
      <FileStats stats={data.stats} />
      <Card title="Daftar File">
        <div ref={headingRef} tabIndex={-1} className="file-manager__top">
          <FileFilters query={query} seenPlatforms={seen} onChange={setQuery} />
        </div>
        {status === 'loading' ? <Spinner label="Memuat daftar file..." showLabel /> : null}
        {status === 'error' ? (
          <Alert
            tone="danger"
            action={
              <Button size="sm" variant="ghost" onClick={reload}>
                Coba lagi
              </Button>
            }
          >
            Gagal memuat daftar file
          </Alert>
        ) : null}
        {status === 'ready' && data.files.length === 0 ? (
          <p className="muted">Belum ada file</p>
        ) : null}
        {status === 'ready' && data.files.length > 0 ? (
          <ul className="file-list" aria-label="File yang diunduh">
            {data.files.map((file) => (
              <FileEntry
                key={file.id}
                file={file}
                showUser={user.role === 'admin'}
                downloading={downloadingId === file.id}
                onDownload={(f) => void download(f)}
                onDelete={(f) => {
                  setDeleteError(null);
                  setDeleting(f);
                }}
              />
            ))}
          </ul>
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
