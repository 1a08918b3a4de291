import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { useConfirmAction } from './use-confirm-action.ts';

afterEach(cleanup);

describe('useConfirmAction', () => {
  it('asks about one target, runs the action once confirmed and closes', async () => {
    const act1 = vi.fn().mockResolvedValue(undefined);
    const { result } = renderHook(() =>
      useConfirmAction<{ id: string }>(act1, { failure: 'Gagal menghapus.' }),
    );
    act(() => result.current.ask({ id: 'a' }));
    expect(result.current.target).toEqual({ id: 'a' });
    await act(() => result.current.confirm());
    expect(act1).toHaveBeenCalledWith({ id: 'a' });
    expect(result.current.target).toBeNull();
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it("keeps the dialog open with the API's sentence when the action fails, and asking again clears it", async () => {
    const failing = vi
      .fn()
      .mockRejectedValue(
        new ApiError({
          kind: 'http',
          status: 409,
          message: 'Conflict',
          serverMessage: 'Pengguna ini masih punya tugas berjalan.',
        }),
      );
    const { result } = renderHook(() =>
      useConfirmAction<string>(failing, { failure: 'Gagal menghapus.' }),
    );
    act(() => result.current.ask('a'));
    await act(() => result.current.confirm());
    expect(result.current.target).toBe('a');
    expect(result.current.error).toBe('Pengguna ini masih punya tugas berjalan.');
    act(() => result.current.ask('b'));
    expect(result.current.error).toBeNull();
  });

  it('closes on failure when told to, with the sentence built from the error', async () => {
    const failing = vi.fn().mockRejectedValue(new Error('jaringan'));
    const { result } = renderHook(() =>
      useConfirmAction<string>(failing, {
        failure: (error) => `Gagal: ${(error as Error).message}`,
        closeOnFailure: true,
      }),
    );
    act(() => result.current.ask('a'));
    await act(() => result.current.confirm());
    expect(result.current.target).toBeNull();
    expect(result.current.error).toBe('Gagal: jaringan');
  });
});
