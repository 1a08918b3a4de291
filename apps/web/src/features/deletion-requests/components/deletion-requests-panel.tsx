import {
  DELETION_REQUEST_STATUSES,
  DELETION_STATUS_LABELS,
  type DeletionRequest,
  type DeletionRequestStatus,
  type ListDeletionRequestsResponse,
} from '@scrapper/contracts/http/data-deletion';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Table, type TableColumn } from '@scrapper/ui/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmRemoveDialog } from '@/components/confirm-remove-dialog.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListMore } from '@/components/list-more.tsx';
import { LoadState } from '@/components/load-state.tsx';
import { paths } from '@/config/paths.ts';
import { useConfirmAction } from '@/hooks/use-confirm-action.ts';
import { usePagedList } from '@/hooks/use-paged-list.ts';
import { errorMessage } from '@/lib/api-error.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { listDeletionRequests, removeDeletionMember, updateDeletionRequest } from '../api.ts';
import './deletion-requests.css';

const TONES: Record<DeletionRequestStatus, 'info' | 'neutral'> = {
  received: 'info',
  in_progress: 'neutral',
  done: 'neutral',
};

/** Rows a page holds: a table, not a virtual list, so pages stay small. */
const PAGE_SIZE = 50;
/** Every request, newest first: the pager's query (nothing to filter yet). */
const ALL = {};
const read = (answer: ListDeletionRequestsResponse) => ({ items: answer.requests, pagination: answer.pagination });
const idOf = (request: DeletionRequest) => request.id;
const count = (n: number) => n.toLocaleString('id-ID');

/** Where an admin finds the member's account. */
const USERS_TAB = `${paths.admin}?tab=users`;

/** A request whose address is a member's profile email, with that member. */
type LinkedRequest = DeletionRequest & { member: NonNullable<DeletionRequest['member']> };

const STATUS_OPTIONS = DELETION_REQUEST_STATUSES.map((status) => ({
  value: status,
  label: DELETION_STATUS_LABELS[status],
}));

/**
 * Admin tab 'Permintaan Hapus Data': the requests sent from the public page, newest first,
 * fifty at a time ('Muat Lebih Banyak' for the next), each moved baru -> diproses -> selesai by
 * an admin (who and when are shown). A request whose address is a member's profile email names
 * that member, and 'Hapus data anggota' deletes the account and marks the request selesai in
 * one confirmed step.
 */
export function DeletionRequestsPanel() {
  const list = usePagedList({
    query: ALL,
    load: (_query, page, signal) => listDeletionRequests(page, signal),
    read,
    idOf,
    pageSize: PAGE_SIZE,
  });
  const { items, status, reload, replaceItems } = list;
  const showToast = useToastStore((state) => state.show);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const removal = useConfirmAction<LinkedRequest>(
    async (request) => {
      const updated = await removeDeletionMember(request.id, request.member.id);
      replaceItems([updated]);
      showToast('success', `Akun ${request.member.username} dan datanya dihapus. Permintaan ${updated.code} selesai.`);
    },
    { failure: 'Gagal menghapus data anggota.' },
  );

  async function change(request: DeletionRequest, next: DeletionRequestStatus) {
    if (next === request.status) return;
    setBusyId(request.id);
    setError(null);
    try {
      const updated = await updateDeletionRequest(request.id, next);
      replaceItems([updated]);
      showToast(
        'success',
        `Status permintaan ${updated.email}: ${DELETION_STATUS_LABELS[updated.status]}.`,
      );
    } catch (caught) {
      setError(errorMessage(caught, 'Gagal mengubah status permintaan.'));
    } finally {
      setBusyId(null);
    }
  }

  const columns: TableColumn<DeletionRequest>[] = [
    {
      key: 'email',
      header: 'Email',
      isRowHeader: true,
      render: (row) => (
        <span className="deletion-email">
          {row.email}
          <span className="muted deletion-email__code">Kode {row.code}</span>
        </span>
      ),
    },
    {
      key: 'member',
      header: 'Akun anggota',
      render: ({ member, ...row }) =>
        member ? (
          <span className="deletion-member">
            <Link to={USERS_TAB} aria-label={`Akun ${member.username} di Manajemen Pengguna`}>
              {member.username}
            </Link>
            <Button variant="danger" size="sm" onClick={() => removal.ask({ ...row, member })}>
              Hapus data anggota
            </Button>
          </span>
        ) : (
          <span className="muted">Tidak ada akun dengan email ini</span>
        ),
    },
    {
      key: 'createdAt',
      header: 'Diterima',
      render: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>,
    },
    {
      key: 'status',
      header: 'Status',
      render: (row) => (
        <span className="deletion-status">
          <Badge tone={TONES[row.status]}>{DELETION_STATUS_LABELS[row.status]}</Badge>
          {row.updatedAt ? (
            <span className="muted deletion-status__who">
              {row.handledBy ? `oleh ${row.handledBy.username}, ` : ''}
              <time dateTime={row.updatedAt}>{formatDateTime(row.updatedAt)}</time>
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'action',
      header: 'Ubah status',
      render: (row) => (
        // A label per row would repeat the email beside itself: the name is for screen readers.
        <select
          className="ui-select deletion-status__control"
          aria-label={`Status permintaan ${row.email}`}
          value={row.status}
          disabled={busyId === row.id}
          onChange={(event) => void change(row, event.target.value as DeletionRequestStatus)}
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ),
    },
  ];

  return (
    <Card title="Permintaan Hapus Data">
      <p className="muted form-note">
        Permintaan dari halaman publik Penghapusan Data: verifikasi dalam 7 hari, penghapusan selesai
        paling lama 30 hari. Bila server ini mengirim email (SMTP_URL diatur), pengirim dikabari
        otomatis saat permintaan diterima, diproses dan selesai; bila tidak, hubungi pengirim
        sendiri. Akun anggota: akun yang email profilnya sama dengan alamat permintaan.
      </p>
      <ErrorAlert error={error} onDismiss={() => setError(null)} />
      <LoadState
        loading={status === 'loading' && items.length === 0}
        error={status === 'error' ? 'Gagal memuat permintaan hapus data.' : null}
        onRetry={reload}
      />
      {status !== 'error' && !(status === 'loading' && items.length === 0) ? (
        <>
          <Table
            label="Daftar permintaan hapus data"
            columns={columns}
            rows={items}
            rowKey={(row) => row.id}
            emptyText="Belum ada permintaan hapus data."
          />
          {list.total > 0 ? (
            <ListMore
              summary={`Menampilkan ${count(items.length)} dari ${count(list.total)} permintaan.`}
              hasMore={list.hasMore}
              loadingMore={list.loadingMore}
              moreFailed={list.moreFailed}
              moreFailedText="Gagal memuat permintaan berikutnya."
              onLoadMore={list.loadMore}
            />
          ) : null}
        </>
      ) : null}
      <ConfirmRemoveDialog
        action={removal}
        title="Hapus data anggota"
        message={`Hapus akun ${removal.target?.member.username ?? ''} beserta semua datanya (tugas scraping, unduhan, akun yang terhubung, notifikasi)? Tindakan ini tidak bisa dibatalkan. Permintaan ditandai selesai.`}
        confirmLabel="Hapus data"
        subject={(target) => ({ label: 'Permintaan', name: `${target.email} (kode ${target.code})` })}
      />
    </Card>
  );
}
