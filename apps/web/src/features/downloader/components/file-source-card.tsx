import type { ResultFileSummary } from '@scrapper/contracts/http/media';
import { Alert } from '@scrapper/ui/alert';
import { Card } from '@scrapper/ui/card';
import { Select } from '@scrapper/ui/select';
import { Spinner } from '@scrapper/ui/spinner';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import type { UserName } from '../api/list-user-names.ts';
import type { LoadStatus } from '../hooks/use-result-files.ts';

export interface FileSourceCardProps {
  isAdmin: boolean;
  users: UserName[];
  username: string;
  onUsernameChange: (username: string) => void;
  files: ResultFileSummary[];
  status: LoadStatus;
  fileName: string | null;
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

/** Where the items come from: the admin's username filter, then the result file. */
export function FileSourceCard({
  isAdmin,
  users,
  username,
  onUsernameChange,
  files,
  status,
  fileName,
  onFileChange,
  platformName,
}: FileSourceCardProps) {
  const options = files.map((file) => ({
    value: file.fileName,
    label: fileLabel(file, platformName, isAdmin && !username),
  }));
  // A file from the link (?file=) that the list does not (yet) hold still shows by its name.
  if (fileName && !files.some((file) => file.fileName === fileName)) {
    options.unshift({ value: fileName, label: fileName });
  }

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
        <Select
          label="File hasil"
          placeholder={status === 'loading' ? 'Memuat file...' : 'Pilih file hasil'}
          options={options}
          value={fileName ?? ''}
          onChange={(event) => onFileChange(event.target.value || null)}
        />
      </div>
      {status === 'loading' ? <Spinner label="Memuat daftar file..." /> : null}
      {status === 'error' ? <Alert tone="danger">Gagal memuat daftar file hasil.</Alert> : null}
      {status === 'ready' && files.length === 0 ? (
        <p className="muted file-source__empty">
          Belum ada file hasil scraping. <Link to={paths.scraper}>Mulai scraping di Dashboard</Link>
          .
        </p>
      ) : null}
    </Card>
  );
}
