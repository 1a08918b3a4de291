import { useCallback } from 'react';
import { listUserNames, type UserName } from '@/lib/api/list-user-names.ts';
import { useResource } from './use-resource.ts';

const NONE: UserName[] = [];

function logFailure(error: unknown) {
  console.error('Gagal memuat daftar pengguna.', error);
}

/** For admins only (`enabled`): the users a user filter offers; a failure is logged only. */
export function useUserNames(enabled: boolean): UserName[] {
  const load = useCallback(
    (signal: AbortSignal) => (enabled ? listUserNames(signal) : Promise.resolve(NONE)),
    [enabled],
  );
  return useResource(load, NONE, { onError: logFailure }).data;
}
