import { useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { listUserNames } from '../api/list-user-names.ts';
import type { UserName } from '../api/list-user-names.ts';

/** For admins only (`enabled`): the users the username filter offers. */
export function useUserNames(enabled: boolean) {
  const [users, setUsers] = useState<UserName[]>([]);

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    listUserNames(controller.signal)
      .then(setUsers)
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        console.error('Gagal memuat daftar pengguna.', error);
      });
    return () => controller.abort();
  }, [enabled]);

  return users;
}
