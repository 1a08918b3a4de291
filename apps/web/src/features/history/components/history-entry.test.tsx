import type { HistoryItem } from '@scrapper/contracts/http/media';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HistoryEntry } from './history-entry.tsx';

const ID = '55555555-5555-4555-8555-555555555555';
const noop = () => undefined;
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

// Issue 33: "Publikasikan" on a finished download opens the publishing page with it chosen.
describe('the Publikasikan action of Riwayat', () => {
  it('links a finished video download of Riwayat, but not an audio-only one', () => {
    const { rerender } = render(
      <MemoryRouter>
        <HistoryEntry
          item={item}
          showUser={false}
          checked={false}
          downloading={false}
          onToggle={noop}
          onDownload={noop}
        />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('link', { name: 'Publikasikan: Kucing lucu' }).getAttribute('href'),
    ).toBe(`/publish?file=${ID}`);
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
