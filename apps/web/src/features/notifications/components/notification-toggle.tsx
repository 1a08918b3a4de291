import type { Notification } from '@scrapper/contracts/http/notifications';
import { Button } from '@scrapper/ui/button';
import { Icon } from '@scrapper/ui/icon';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { FocusEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { LoadState } from '@/components/load-state.tsx';
import { paths } from '@/config/paths.ts';
import { useNotifications } from '../hooks/use-notifications.ts';
import { badgeText, toggleLabel } from '../utils/unread.ts';
import { NotificationList } from './notification-list.tsx';
import './notifications.css';

/** Spec part 2, section 8. */
export const LIST_ERROR = 'Gagal memuat notifikasi.';
export const MARK_READ_ERROR = 'Gagal menandai notifikasi sebagai sudah dibaca.';
export const MARK_ALL_LABEL = 'Tandai semua sudah dibaca';
export const EMPTY_TEXT = 'Tidak ada notifikasi.';

/**
 * The header's notification toggle and its panel (spec part 2, section 2). The unread count
 * is on the bell and in the button's name; the list refreshes every 30 s and whenever the
 * panel opens. Escape or a click outside closes the panel; Escape returns focus to the bell.
 */
export function NotificationToggle() {
  const { notifications, unread, status, hasLoaded, refresh, markRead, markAllRead } =
    useNotifications();
  const [markingAll, setMarkingAll] = useState(false);
  const [open, setOpen] = useState(false);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [markError, setMarkError] = useState<string | null>(null);
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  const previousUnread = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // A notification that arrives with a poll is announced politely, not only drawn on the bell.
  useEffect(() => {
    if (!hasLoaded) {
      previousUnread.current = null;
      return;
    }
    const before = previousUnread.current;
    previousUnread.current = unread;
    if (before !== null && unread > before) setAnnouncement(`${unread - before} notifikasi baru.`);
  }, [unread, hasLoaded]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setMarkError(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    // Opening asks for the newest list at once rather than waiting for the next poll, and
    // takes keyboard and screen reader users into the panel.
    refresh();
    panelRef.current?.focus();
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      close(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      close(true);
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, refresh, close]);

  // Tabbing out of the panel closes it, so it never sits open over a page the keyboard user
  // has moved on to. (Focus dropping to nothing, e.g. a button that disappeared, does not.)
  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget;
    if (!open || !(next instanceof Node) || rootRef.current?.contains(next)) return;
    close(false);
  }

  async function handleMarkRead(notification: Notification) {
    setMarkError(null);
    setBusyIds((current) => new Set(current).add(notification.id));
    try {
      await markRead(notification.id);
      // The button is gone with the unread state: keep the user's place on the item.
      items.current.get(notification.id)?.focus();
    } catch {
      setMarkError(MARK_READ_ERROR);
    } finally {
      setBusyIds((current) => {
        const next = new Set(current);
        next.delete(notification.id);
        return next;
      });
    }
  }

  async function handleMarkAll() {
    setMarkError(null);
    setMarkingAll(true);
    try {
      await markAllRead();
      // The button goes away with the last unread one: keep focus in the panel.
      panelRef.current?.focus();
    } catch {
      setMarkError(MARK_READ_ERROR);
    } finally {
      setMarkingAll(false);
    }
  }

  // Following a notification's link: the panel closes on the new page, and the notification is
  // read (in the background: the page opens whether or not that call succeeds).
  function handleOpen(notification: Notification) {
    setOpen(false);
    setMarkError(null);
    if (!notification.isRead) markRead(notification.id).catch(() => undefined);
  }

  const itemRef = useCallback(
    (id: string) => (element: HTMLLIElement | null) => {
      if (element) items.current.set(id, element);
      else items.current.delete(id);
    },
    [],
  );

  const badge = badgeText(unread);
  return (
    <div className="notifications" ref={rootRef} onBlur={onBlur}>
      <Button
        ref={buttonRef}
        variant="ghost"
        iconOnly
        className="notifications__toggle"
        aria-label={toggleLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <Icon name="bell" />
        {badge ? (
          <span className="notifications__badge" aria-hidden="true" data-testid="unread-badge">
            {badge}
          </span>
        ) : null}
      </Button>
      <span role="status" className="ui-visually-hidden">
        {announcement}
      </span>
      <div
        ref={panelRef}
        id={panelId}
        role="region"
        aria-labelledby={headingId}
        tabIndex={-1}
        className="notifications__panel"
        hidden={!open}
      >
        <div className="notifications__head">
          <h2 id={headingId} className="notifications__title">
            Notifikasi
          </h2>
          {unread > 0 ? <span className="notifications__count">{unread} belum dibaca</span> : null}
          <Link
            to={paths.notificationSettings}
            className="notifications__settings-link"
            onClick={() => setOpen(false)}
          >
            Atur notifikasi
          </Link>
        </div>
        {open && unread > 0 ? (
          <div className="notifications__actions">
            <Button
              size="sm"
              variant="ghost"
              className="notifications__mark-all"
              loading={markingAll}
              onClick={() => void handleMarkAll()}
            >
              {MARK_ALL_LABEL}
            </Button>
          </div>
        ) : null}
        {open ? (
          <>
            <LoadState
              loading={!hasLoaded && status === 'loading'}
              error={status === 'error' ? LIST_ERROR : null}
              onRetry={refresh}
            />
            <ErrorAlert error={markError} onDismiss={() => setMarkError(null)} />
            {hasLoaded && notifications.length === 0 ? (
              <p className="notifications__empty">{EMPTY_TEXT}</p>
            ) : null}
            {notifications.length > 0 ? (
              <NotificationList
                notifications={notifications}
                busyIds={busyIds}
                onMarkRead={(notification) => void handleMarkRead(notification)}
                onOpen={handleOpen}
                itemRef={itemRef}
              />
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
