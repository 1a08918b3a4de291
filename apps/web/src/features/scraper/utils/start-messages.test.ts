import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { startErrorMessage, summarizeStarts } from './start-messages.ts';

describe('start messages', () => {
  it("shows the server's message, a provider error with its prefix, else the default", () => {
    const badRequest = new ApiError({
      kind: 'http',
      status: 400,
      message: 'x',
      serverMessage: 'Target tidak boleh kosong.',
    });
    expect(startErrorMessage(badRequest)).toBe('Target tidak boleh kosong.');
    const provider = new ApiError({
      kind: 'http',
      status: 502,
      message: 'x',
      serverMessage: 'Actor was not found',
    });
    expect(startErrorMessage(provider)).toBe('Gagal memulai Aktor Apify: Actor was not found');
    expect(startErrorMessage(new ApiError({ kind: 'http', status: 500, message: 'x' }))).toBe(
      'Gagal memulai tugas.',
    );
    expect(startErrorMessage(new Error('boom'))).toBe('Gagal memulai tugas.');
  });

  it('summarises parallel starts with the spec wording', () => {
    expect(summarizeStarts(3, 0)).toEqual({
      tone: 'success',
      message: 'Berhasil memulai 3 tugas scraping.',
    });
    expect(summarizeStarts(2, 1)).toEqual({
      tone: 'warning',
      message: 'Berhasil memulai 2 tugas scraping. 1 tugas gagal.',
    });
    expect(summarizeStarts(0, 3)).toEqual({
      tone: 'danger',
      message: 'Semua tugas scraping gagal. Silakan coba lagi.',
    });
  });
});
