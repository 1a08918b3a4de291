import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { HistoryItem } from '@scrapper/contracts/http/media';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Checkbox } from '@scrapper/ui/checkbox';
import { ConfirmDialog } from '@scrapper/ui/confirm-dialog';
import { Icon } from '@scrapper/ui/icon';
import { Select } from '@scrapper/ui/select';
import { useEffect, useMemo, useState } from 'react';
import { LoadState } from '@/components/load-state.tsx';
import { PagedVirtualList } from '@/components/paged-virtual-list.tsx';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import { useMediaQuery } from '@/hooks/use-media-query.ts';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { safeFileName } from '@/lib/content-disposition.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { deleteAllHistory, deleteHistoryItem } from '../api.ts';
import type { HistoryPage as HistoryAnswer } from '../api.ts';
import { fetchDownloadedFile } from '@/lib/api/fetch-downloaded-file.ts';
import { useHistory } from '../hooks/use-history.ts';
import { useRedownloads } from '../hooks/use-redownloads.ts';
import { useUserNames } from '@/hooks/use-user-names.ts';
import { deleteMany } from '../utils/delete-many.ts';
import { statsWithout } from '../utils/history-list.ts';
import { DEFAULT_FILTERS, activeFilterCount, toHistoryQuery } from '../utils/history-filters.ts';
import type { HistoryFilterValues } from '../utils/history-filters.ts';
import { HistoryEntry } from './history-entry.tsx';
import { HistoryFiltersPanel } from './history-filters-panel.tsx';
import { HistoryStats } from './history-stats.tsx';
import './history.css';

const SEARCH_DELAY_MS = 400;
const EMPTY_STATS: HistoryAnswer['stats'] = { total: 0, byPlatform: [] };
/** Row heights (gap included) of the windowed list; admins' rows carry the user line. */
export const HISTORY_ROW_HEIGHT = 124;
export const HISTORY_ROW_HEIGHT_ADMIN = 144;
/** Below 600 px the buttons go under the text. */
export const HISTORY_ROW_HEIGHT_NARROW = 200;
export const HISTORY_ROW_HEIGHT_NARROW_ADMIN = 220;
const NARROW = '(max-width: 599px)';
const count = (n: number) => n.toLocaleString('id-ID');
const NOTHING_SELECTED = 'Tidak ada item yang dipilih untuk dihapus.';
const DOWNLOAD_FAILED = 'Gagal mengunduh file. Pastikan Anda memiliki izin.';

type Confirming = 'selected' | 'all' | null;

/** The download history (spec part 2, section 2). */
export function HistoryPage({ user }: { user: SessionUser }) {
  const isAdmin = user.role === 'admin';
  const [values, setValues] = useState<HistoryFilterValues>(DEFAULT_FILTERS);
  const search = useDebouncedValue(values.search, SEARCH_DELAY_MS);
  const parsed = toHistoryQuery({ ...values, search });
  const query = parsed.ok ? parsed.query : null;
  const history = useHistory(query, isAdmin);
  const users = useUserNames(isAdmin);
  const showToast = useToastStore((state) => state.show);
  const narrow = useMediaQuery(NARROW);
  // The stats of the current filter; the last ones stay on screen while the next filter loads.
  const [stats, setStats] = useState<HistoryAnswer['stats']>(EMPTY_STATS);
  useEffect(() => {
    if (history.answer) setStats(history.answer.stats);
  }, [history.answer]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [deleting, setDeleting] = useState(false);
  const [downloadingIds, setDownloadingIds] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const redownloads = useRedownloads((title) => {
    showToast('success', `"${title}" berhasil diunduh ulang.`);
    history.reload();
  });

  const { items } = history;
  const loadedIds = useMemo(() => items.map((item) => item.id), [items]);
  const chosen = loadedIds.filter((id) => selected.has(id));
  const allChecked = loadedIds.length > 0 && chosen.length === loadedIds.length;
  const seenPlatforms = stats.byPlatform.map((entry) => entry.platform);

  function changeFilters(next: HistoryFilterValues) {
    setValues(next);
    setSelected(new Set());
  }

  function toggle(id: string, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function toggleAll() {
    setSelected(allChecked ? new Set() : new Set(loadedIds));
  }

  function askDeleteSelected() {
    if (chosen.length === 0) {
      setNotice(NOTHING_SELECTED);
      return;
    }
    setNotice(null);
    setConfirming('selected');
  }

  async function confirmDelete() {
    setDeleting(true);
    try {
      if (confirming === 'all') {
        await deleteAllHistory();
        setSelected(new Set());
        showToast('success', 'Semua riwayat unduhan dihapus.');
        history.reload();
      } else {
        const result = await deleteMany(chosen, deleteHistoryItem);
        const deleted = new Set(result.deleted);
        setStats((before) =>
          statsWithout(
            before,
            items.filter((item) => deleted.has(item.id)),
          ),
        );
        history.removeItems(deleted);
        setSelected(new Set(result.failed));
        if (result.failed.length > 0) showToast('danger', 'Gagal menghapus beberapa item riwayat.');
        else showToast('success', `${result.deleted.length} item riwayat dihapus.`);
      }
      setConfirming(null);
    } catch (error) {
      showToast('danger', errorMessage(error, 'Gagal menghapus semua riwayat.'));
      setConfirming(null);
    } finally {
      setDeleting(false);
    }
  }

  async function download(item: HistoryItem) {
    setDownloadingIds((ids) => new Set(ids).add(item.id));
    try {
      const file = await fetchDownloadedFile(item.id);
      saveBlob(file.blob, file.fileName ?? item.filename ?? `${safeFileName(item.title)}.mp4`);
    } catch (error) {
      const missing = error instanceof ApiError && error.status === 404;
      showToast('danger', missing ? 'File hilang' : errorMessage(error, DOWNLOAD_FAILED));
    } finally {
      setDownloadingIds((ids) => {
        const next = new Set(ids);
        next.delete(item.id);
        return next;
      });
    }
  }

  const filtered = activeFilterCount(values) > 0 || values.userId !== '';

  return (
    <div className="history">
      <HistoryStats stats={stats} />
      <Card
        title="Daftar Unduhan"
        actions={
          isAdmin ? (
            <Button variant="danger" onClick={() => setConfirming('all')}>
              <Icon name="trash" size={18} />
              Hapus Semua Riwayat
            </Button>
          ) : undefined
        }
      >
        <div className="history__controls">
          {isAdmin ? (
            <Select
              label="Pengguna"
              placeholder="Semua pengguna"
              options={users.map((u) => ({ value: u.id, label: u.username }))}
              value={values.userId}
              onChange={(event) => changeFilters({ ...values, userId: event.target.value })}
              className="history__user"
            />
          ) : null}
          <HistoryFiltersPanel
            values={values}
            errors={parsed.ok ? {} : parsed.errors}
            seenPlatforms={seenPlatforms}
            onChange={changeFilters}
          />
        </div>

        <div className="history__bulk">
          <Checkbox
            label="Pilih semua"
            checked={allChecked}
            indeterminate={chosen.length > 0 && !allChecked}
            disabled={loadedIds.length === 0}
            onChange={toggleAll}
          />
          <Button variant="danger" size="sm" onClick={askDeleteSelected}>
            <Icon name="trash" size={16} />
            Hapus Terpilih ({chosen.length})
          </Button>
        </div>
        {notice ? (
          <Alert tone="warning" onDismiss={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}

        <LoadState
          loading={history.status === 'loading'}
          loadingLabel="Memuat riwayat..."
          error={history.status === 'error' ? 'Gagal memuat riwayat unduhan.' : null}
          onRetry={history.reload}
        />
        {history.status === 'ready' && items.length === 0 ? (
          <p className="muted history__empty">
            {filtered ? 'Tidak ada riwayat yang cocok dengan filter.' : 'Belum ada riwayat unduhan'}
          </p>
        ) : null}
        {history.status === 'ready' && items.length > 0 ? (
          <PagedVirtualList
            label="Riwayat unduhan"
            pages={history}
            idOf={(item) => item.id}
            rowHeight={
              narrow
                ? isAdmin
                  ? HISTORY_ROW_HEIGHT_NARROW_ADMIN
                  : HISTORY_ROW_HEIGHT_NARROW
                : isAdmin
                  ? HISTORY_ROW_HEIGHT_ADMIN
                  : HISTORY_ROW_HEIGHT
            }
            summary={`Menampilkan ${count(items.length)} dari ${count(history.total)} unduhan.`}
            moreFailedText="Gagal memuat riwayat unduhan."
            renderRow={(item) => (
              <HistoryEntry
                item={item}
                showUser={isAdmin}
                checked={selected.has(item.id)}
                downloading={downloadingIds.has(item.id)}
                onToggle={toggle}
                onDownload={(entry) => void download(entry)}
                onRedownload={(entry) => void redownloads.start(entry.id, entry.title)}
                redownload={redownloads.states.get(item.id)}
              />
            )}
          />
        ) : null}
      </Card>

      <ConfirmDialog
        open={confirming === 'selected'}
        title="Hapus Riwayat Terpilih"
        message={`Hapus ${chosen.length} item dari riwayat unduhan? Tindakan ini tidak dapat dibatalkan.`}
        confirmLabel="Hapus"
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      >
        <p className="muted">File yang sudah diunduh tetap ada di File Manager.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'all'}
        title="Hapus Semua Riwayat"
        message="Semua riwayat unduhan dari semua pengguna akan dihapus. Tindakan ini tidak dapat dibatalkan."
        confirmLabel="Hapus Semua"
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
