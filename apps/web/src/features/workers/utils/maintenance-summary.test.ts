import { describe, expect, it } from 'vitest';
import { removedLines } from './maintenance-summary.ts';

describe('removedLines', () => {
  it('shows counts per kind, with the bytes freed beside previews and temp folders that went', () => {
    expect(
      removedLines({
        staleWorkersRemoved: 1,
        expiredLoginAttemptsRemoved: 12,
        expiredPreviewsRemoved: 3,
        tempFoldersRemoved: 0,
        expiredOAuthStatesRemoved: 2,
        deletedAccountsCleared: 4,
        previewBytesFreed: 3 * 1024 * 1024,
        tempBytesFreed: 0,
      }),
    ).toEqual([
      { label: 'Preview kedaluwarsa', value: '3 (3.0 MB)' },
      { label: 'Folder sementara job', value: '0' },
      { label: 'OAuth state kedaluwarsa', value: '2' },
      { label: 'File akun terhapus', value: '4' },
      { label: 'Catatan login lama', value: '12' },
      { label: 'Worker mati', value: '1' },
    ]);
  });
});
