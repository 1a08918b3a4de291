import type { FileItem } from '@scrapper/contracts/http/files';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
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
// Issue 33: "Publikasikan" on a finished file opens the publishing page with it chosen.
describe('the Publikasikan action of the File Manager', () => {
  it('links a stored file of the File Manager to /publish?file=<id>, and none for a missing file', () => {
    const { rerender } = render(
      <MemoryRouter>
        <FileEntry
          file={file}
          showUser={false}
          downloading={false}
          onDownload={noop}
          onDelete={noop}
        />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('link', { name: 'Publikasikan: Kucing lucu' }).getAttribute('href'),
    ).toBe(`/publish?file=${ID}`);
    rerender(
      <MemoryRouter>
        <FileEntry
          file={{ ...file, fileExists: false }}
          showUser={false}
          downloading={false}
          onDownload={noop}
          onDelete={noop}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Publikasikan: Kucing lucu' })).toBeNull();
  });
});
