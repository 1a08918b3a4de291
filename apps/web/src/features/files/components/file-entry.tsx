import type { FileItem } from '@scrapper/contracts/http/files';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Icon } from '@scrapper/ui/icon';
import { Link } from 'react-router';
import { platformLabel } from '@scrapper/contracts/rules/platforms';
import { paths } from '@/config/paths.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { displayTitle } from '@scrapper/contracts/rules/readable-file-name';

export interface FileEntryProps {
  file: FileItem;
  showUser: boolean;
  downloading: boolean;
  onDownload: (file: FileItem) => void;
  onDelete: (file: FileItem) => void;
}

/**
 * One stored file with 'Unduh', 'Upload ke YouTube', 'Publikasikan' (issue 33) and 'Hapus'; a
 * file gone from storage says 'File hilang'.
 */
export function FileEntry({ file, showUser, downloading, onDownload, onDelete }: FileEntryProps) {
  const title = displayTitle({ title: file.title, platform: file.platform, author: '' });
  const meta = [platformLabel(file.platform), formatDateTime(file.createdAt), file.formattedSize];
  if (showUser) meta.push(file.username);
  return (
    <div className="list-entry">
      <div className="list-entry__body file-entry__body">
        <p className="list-entry__title" title={title}>
          {title}
        </p>
        <p className="list-entry__meta muted">{meta.join(' · ')}</p>
        <p className="list-entry__meta muted" title={file.fileName}>
          File: {file.fileName}
        </p>
      </div>
      <div className="list-entry__side">
        {file.fileExists ? null : <Badge tone="danger">File hilang</Badge>}
        <Button
          size="sm"
          onClick={() => onDownload(file)}
          loading={downloading}
          disabled={!file.fileExists}
          aria-label={`Unduh ${title}`}
        >
          <Icon name="download" size={16} />
          Unduh
        </Button>
        {file.fileExists ? (
          <Link
            className="ui-button ui-button--secondary ui-button--sm"
            to={`${paths.youtube}?file=${encodeURIComponent(file.id)}`}
            aria-label={`Upload ke YouTube: ${title}`}
          >
            Upload ke YouTube
          </Link>
        ) : null}
        {file.fileExists ? (
          <Link
            className="ui-button ui-button--secondary ui-button--sm"
            to={`${paths.publish}?file=${encodeURIComponent(file.id)}`}
            aria-label={`Publikasikan: ${title}`}
          >
            Publikasikan
          </Link>
        ) : null}
        <Button
          size="sm"
          variant="danger"
          onClick={() => onDelete(file)}
          aria-label={`Hapus ${title}`}
        >
          <Icon name="trash" size={16} />
          Hapus
        </Button>
      </div>
    </div>
  );
}
