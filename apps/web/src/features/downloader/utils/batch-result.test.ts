import { describe, expect, it } from 'vitest';
import { batchNotice, progressText } from './batch-result.ts';
import type { BatchItemOutcome } from './batch-result.ts';

function item(
  title: string,
  status: BatchItemOutcome['status'],
  error: string | null = null,
): BatchItemOutcome {
  return { itemId: `id-${title}`, downloadId: `dl-${title}`, title, status, error };
}

describe('batch result notification', () => {
  it('is a success when every item downloaded', () => {
    const notice = batchNotice({
      items: [item('A', 'completed'), item('B', 'completed'), item('C', 'completed')],
      cancelled: false,
    });
    expect(notice).toEqual({
      tone: 'success',
      message: 'Berhasil mengunduh 3 file.',
      failures: [],
    });
  });

  it('is a warning naming the failed titles, each with its reason, when some failed', () => {
    const notice = batchNotice({
      items: [
        item('A', 'completed'),
        item('Hilang', 'failed', 'Gagal mengunduh "Hilang": HTTP Error 404'),
        item('Rusak', 'failed', null),
      ],
      cancelled: false,
    });
    expect(notice.tone).toBe('warning');
    expect(notice.message).toBe('Berhasil mengunduh 1 file, 2 gagal: Hilang, Rusak.');
    expect(notice.failures).toEqual([
      { title: 'Hilang', reason: 'Gagal mengunduh "Hilang": HTTP Error 404' },
      { title: 'Rusak', reason: 'alasan tidak diketahui' },
    ]);
  });

  it('is an error when all failed', () => {
    const notice = batchNotice({
      items: [item('A', 'failed', 'x'), item('B', 'failed', 'y')],
      cancelled: false,
    });
    expect(notice.tone).toBe('danger');
    expect(notice.message).toBe('Gagal mengunduh semua file yang dipilih.');
    expect(notice.failures).toHaveLength(2);
  });

  it('names an untitled failure by its id', () => {
    const notice = batchNotice({ items: [item('', 'failed', 'x')], cancelled: false });
    expect(notice.failures[0]?.title).toBe('id-');
  });

  it('says a cancelled batch was cancelled, without calling the stopped items failures', () => {
    expect(
      batchNotice({ items: [item('A', 'cancelled'), item('B', 'cancelled')], cancelled: true }),
    ).toEqual({ tone: 'info', message: 'Unduhan dibatalkan.', failures: [] });
    const partly = batchNotice({
      items: [item('A', 'completed'), item('B', 'cancelled'), item('C', 'failed', 'z')],
      cancelled: true,
    });
    expect(partly.tone).toBe('warning');
    expect(partly.message).toBe(
      'Unduhan dibatalkan. Berhasil mengunduh 1 file sebelum dibatalkan.',
    );
    expect(partly.failures).toEqual([{ title: 'C', reason: 'z' }]);
  });

  it('counts a cancel the user did not ask for as a failure', () => {
    const notice = batchNotice({
      items: [item('A', 'completed'), item('B', 'cancelled', 'Dihentikan')],
      cancelled: false,
    });
    expect(notice.message).toBe('Berhasil mengunduh 1 file, 1 gagal: B.');
  });

  it('words the overlay progress as the spec does', () => {
    expect(progressText(2, 3)).toBe('Selesai mengunduh 2 dari 3 item');
  });
});
