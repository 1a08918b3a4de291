import type { ResultFileSummary } from '@scrapper/contracts/http/media';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Select } from '@scrapper/ui/select';
import { Spinner } from '@scrapper/ui/spinner';
import { TextInput } from '@scrapper/ui/text-input';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import type { UserName } from '@/lib/api/list-user-names.ts';
import type { LoadStatus } from '../hooks/use-result-files.ts';

export interface FileSourceCardProps {
  isAdmin: boolean;
  users: UserName[];
  username: string;
  onUsernameChange: (username: string) => void;
  search: string;
  onSearchChange: (search: string) => void;
  files: ResultFileSummary[];
  /** Files matching the search on the server, loaded or not. */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  onLoadMore: () => void;
  status: LoadStatus;
  fileName: string | null;
  /** The chosen file when it is known (it may be on a page not loaded here). */
  chosen: ResultFileSummary | null;
  onFileChange: (fileName: string | null) => void;
  platformName: (platformId: string) => string;
}

function fileLabel(
  file: ResultFileSummary,
  platformName: (id: string) => string,
  showOwner: boolean,
): string {
  const parts = [
    platformName(file.platformId),
    file.target || file.fileName,
    formatDateTime(file.createdAt),
    `${file.itemCount} item`,
  ];
  if (showOwner) parts.push(file.username);
  return parts.join(' · ');
}

/**
 * Where the items come from: the admin's username filter, a search on the server by the
 * file's name or target, and the result file (newest first, a page at a time).
 */
export function FileSourceCard({
  isAdmin,
  users,
  username,
  onUsernameChange,
  search,
  onSearchChange,
  files,
  total,
  hasMore,
  loadingMore,
  moreFailed,
  onLoadMore,
  status,
  fileName,
  chosen,
  onFileChange,
  platformName,
}: FileSourceCardProps) {
  const showOwner = isAdmin && !username;
  const options = files.map((file) => ({
    value: file.fileName,
    label: fileLabel(file, platformName, showOwner),
  }));
  // The chosen file stays in the list while a search or the paging leaves it out.
  if (fileName && !files.some((file) => file.fileName === fileName)) {
    options.unshift({
      value: fileName,
      label: chosen ? fileLabel(chosen, platformName, showOwner) : fileName,
    });
  }
  const searching = search.trim() !== '';

  return (
    <Card title="File Hasil Scraping">
      <div className="file-source">
        {isAdmin ? (
          <Select
            label="Pengguna"
            placeholder="Semua pengguna"
            options={users.map((user) => ({ value: user.username, label: user.username }))}
            value={username}
            onChange={(event) => onUsernameChange(event.target.value)}
          />
        ) : null}
        <TextInput
          label="Cari file hasil"
          type="search"
          placeholder="Nama file atau target"
          maxLength={200}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
        <Select
          label="File hasil"
          placeholder={status === 'loading' ? 'Memuat file...' : 'Pilih file hasil'}
          options={options}
          value={fileName ?? ''}
          onChange={(event) => onFileChange(event.target.value || null)}
        />
      </div>
      <div className="file-source__more" aria-live="polite">
        {status === 'ready' && total > 0 ? (
          <span className="muted">
            {files.length < total
              ? `${files.length} dari ${total.toLocaleString('id-ID')} file dimuat.`
              : `${total.toLocaleString('id-ID')} file.`}
          </span>
        ) : null}
        {hasMore ? (
          <Button size="sm" variant="secondary" onClick={onLoadMore} loading={loadingMore}>
            Muat Lebih Banyak File
          </Button>
        ) : null}
      </div>
      {moreFailed ? <Alert tone="danger">Gagal memuat daftar file hasil.</Alert> : null}
      {status === 'loading' ? <Spinner label="Memuat daftar file..." /> : null}
      {status === 'error' ? <Alert tone="danger">Gagal memuat daftar file hasil.</Alert> : null}
      {status === 'ready' && files.length === 0 && searching ? (
        <p className="muted file-source__empty">
          Tidak ada file hasil yang cocok dengan pencarian.
        </p>
      ) : null}
      {status === 'ready' && files.length === 0 && !searching ? (
        <p className="muted file-source__empty">
          Belum ada file hasil scraping. <Link to={paths.scraper}>Mulai scraping di Dashboard</Link>
          .
        </p>
      ) : null}
    </Card>
  );
}
