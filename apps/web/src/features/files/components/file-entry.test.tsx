import type { FileItem } from '@scrapper/contracts/http/files';
import type { HistoryItem } from '@scrapper/contracts/http/media';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HistoryEntry } from '@/features/history/components/history-entry.tsx';
import { FileEntry } from './file-entry.tsx';

const ID = '55555555-5555-4555-8555-555555555555';
const noop = () => undefined;
const file: FileItem = {
  id: ID,
  title: 'Kucing lucu',
  fileName: 'kucing-lucu.mp4',
  platform: 'tiktok',
  createdAt: '2026-01-10T03:00:00.000Z',
  sizeBytes: 1000,
  formattedSize: '1000 B',
  fileExists: true,
  downloadUrl: '/x',
  username: 'budi',
};
const item: HistoryItem = {
  id: ID,
  title: 'Kucing lucu',
  platform: 'tiktok',
  author: 'budi',
  quality: 'best',
  status: 'completed',
  error: null,
  errorDetail: null,
  createdAt: '2026-01-10T03:00:00.000Z',
  filename: 'kucing-lucu.mp4',
  sizeBytes: 1000,
  fileExists: true,
  progress: 100,
  user: { id: '66666666-6666-4666-8666-666666666666', username: 'budi' },
};

// Issue 33: "Publikasikan" on a finished file opens the publishing page with it chosen.
describe('the Publikasikan action', () => {
  it('links a stored file of the File Manager to /publish?file=<id>, and none for a missing file', () => {
    const { rerender } = render(
      <MemoryRouter>
        <FileEntry file={file} showUser={false} downloading={false} onDownload={noop} onDelete={noop} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Publikasikan: Kucing lucu' }).getAttribute('href')).toBe(`/publish?file=${ID}`);
    rerender(
      <MemoryRouter>
        <FileEntry file={{ ...file, fileExists: false }} showUser={false} downloading={false} onDownload={noop} onDelete={noop} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Publikasikan: Kucing lucu' })).toBeNull();
  });

  it('links a finished video download of Riwayat, but not an audio-only one', () => {
    const { rerender } = render(
      <MemoryRouter>
        <HistoryEntry item={item} showUser={false} checked={false} downloading={false} onToggle={noop} onDownload={noop} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Publikasikan: Kucing lucu' }).getAttribute('href')).toBe(`/publish?file=${ID}`);
    rerender(
      <MemoryRouter>
        <HistoryEntry
          item={{ ...item, quality: 'audio-only' }}
          showUser={false}
          checked={false}
          downloading={false}
          onToggle={noop}
          onDownload={noop}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Publikasikan: Kucing lucu' })).toBeNull();
  });
});
