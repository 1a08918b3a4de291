import type { User } from '@scrapper/contracts/http/users';
import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { listUsers } from '../api/list-users.ts';

export type UsersStatus = 'loading' | 'error' | 'ready';

/** The user list, loaded on mount; changes made here are applied locally without a refetch. */
export function useUsers() {
  const [users, setUsers] = useState<User[]>([]);
  const [status, setStatus] = useState<UsersStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    listUsers(controller.signal)
      .then((list) => {
        setUsers(list);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setStatus('error');
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const upsert = useCallback((user: User) => {
    setUsers((list) =>
      list.some((u) => u.id === user.id)
        ? list.map((u) => (u.id === user.id ? user : u))
        : [...list, user],
    );
  }, []);
  const remove = useCallback((id: string) => {
    setUsers((list) => list.filter((u) => u.id !== id));
  }, []);

  return { users, status, reload, upsert, remove };
}
