import type { User } from '@scrapper/contracts/http/users';
import { useCallback } from 'react';
import { useResource } from '@/hooks/use-resource.ts';
import { listUsers } from '../api.ts';

const NONE: User[] = [];

/** The user list, loaded on mount; changes made here are applied locally without a refetch. */
export function useUsers() {
  const { data: users, setData: setUsers, status, reload } = useResource(listUsers, NONE);
  const upsert = useCallback(
    (user: User) => {
      setUsers((list) =>
        list.some((u) => u.id === user.id)
          ? list.map((u) => (u.id === user.id ? user : u))
          : [...list, user],
      );
    },
    [setUsers],
  );
  const remove = useCallback(
    (id: string) => {
      setUsers((list) => list.filter((u) => u.id !== id));
    },
    [setUsers],
  );

  return { users, status, reload, upsert, remove };
}
