import type { Notification } from '@scrapper/contracts/http/notifications';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePolling } from '@/hooks/use-polling.ts';
import { isAbortError } from '@/lib/api-error.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../api.ts';
import type { NotificationList } from '../api.ts';

/**
 * New notifications come from server events (a scrape or batch finished, cookies expired),
 * so the list is asked for again every 30 s; there is no push channel.
 */
export const NOTIFICATION_POLL_MS = 30_000;

export type NotificationsStatus = 'loading' | 'ready' | 'error';

interface Loaded {
  list: NotificationList | null;
  status: NotificationsStatus;
}

const INITIAL: Loaded = { list: null, status: 'loading' };

/**
 * The signed-in user's notifications, polled while a session exists and the caller is
 * mounted; logging out (the token goes) or unmounting stops the polling.
 */
export function useNotifications() {
  const token = useSessionStore((state) => state.token);
  const [loaded, setLoaded] = useState<Loaded>(INITIAL);
  // Marked read here but perhaps not yet in a list that was already on its way.
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    setLoaded(INITIAL);
    setReadHere(new Set());
  }, [token]);

  const poll = useMemo(() => {
    if (!token) return null;
    return async (signal: AbortSignal) => {
      try {
        const list = await listNotifications(signal);
        if (signal.aborted) return;
        setLoaded({ list, status: 'ready' });
      } catch (error) {
        if (signal.aborted || isAbortError(error)) return;
        // The last good list stays on screen under the error.
        setLoaded((current) => ({ ...current, status: 'error' }));
      }
    };
  }, [token]);
  const { now: refresh } = usePolling(poll, NOTIFICATION_POLL_MS, { events: ['notification'] });

  const markRead = useCallback(async (id: string) => {
    const updated = await markNotificationRead(id);
    setReadHere((current) => new Set(current).add(id));
    setLoaded((current) => {
      if (!current.list) return current;
      const { notifications, unread } = current.list;
      const wasUnread = notifications.some((n) => n.id === id && !n.isRead);
      return {
        ...current,
        list: {
          notifications: notifications.map((n) => (n.id === id ? updated : n)),
          unread: wasUnread ? Math.max(0, unread - 1) : unread,
        },
      };
    });
  }, []);

  // The ids on screen when 'Tandai semua sudah dibaca' was pressed are read, even in a list
  // that was already on its way (as for one).
  const shownIds = useRef<string[]>([]);
  useEffect(() => {
    shownIds.current = loaded.list?.notifications.map((n) => n.id) ?? [];
  }, [loaded.list]);
  const markAllRead = useCallback(async () => {
    const ids = shownIds.current;
    await markAllNotificationsRead();
    setReadHere((current) => new Set([...current, ...ids]));
    setLoaded((current) => {
      if (!current.list) return current;
      const notifications = current.list.notifications.map((n) => ({ ...n, isRead: true }));
      return { ...current, list: { notifications, unread: 0 } };
    });
  }, []);

  const view = useMemo(() => {
    const list = loaded.list;
    if (!list) return { notifications: [] as Notification[], unread: 0 };
    let staleUnread = 0;
    const notifications = list.notifications.map((n) => {
      if (n.isRead || !readHere.has(n.id)) return n;
      staleUnread += 1;
      return { ...n, isRead: true };
    });
    return { notifications, unread: Math.max(0, list.unread - staleUnread) };
  }, [loaded.list, readHere]);

  return {
    notifications: view.notifications,
    unread: view.unread,
    status: loaded.status,
    hasLoaded: loaded.list !== null,
    refresh,
    markRead,
    markAllRead,
  };
}
