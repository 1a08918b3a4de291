import type { Notification } from '@scrapper/contracts/http/notifications';
import { Button } from '@scrapper/ui/button';
import { useId } from 'react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format-date-time.ts';

export interface NotificationListProps {
  notifications: Notification[];
  /** Ids whose 'Tandai Sudah Dibaca' call is under way. */
  busyIds: ReadonlySet<string>;
  onMarkRead: (notification: Notification) => void;
  /** Its link was followed: the panel closes and an unread notification becomes read. */
  onOpen: (notification: Notification) => void;
  /** The items register here so focus can land on one after its button goes away. */
  itemRef: (id: string) => Ref<HTMLLIElement>;
}

function NotificationItem({
  notification,
  busy,
  onMarkRead,
  onOpen,
  itemRef,
}: {
  notification: Notification;
  busy: boolean;
  onMarkRead: () => void;
  onOpen: () => void;
  itemRef: Ref<HTMLLIElement>;
}) {
  const messageId = useId();
  const unread = !notification.isRead;
  return (
    <li
      ref={itemRef}
      tabIndex={-1}
      className={unread ? 'notification notification--unread' : 'notification'}
    >
      <span className="notification__dot" aria-hidden="true" />
      <div className="notification__body">
        <p id={messageId} className="notification__message">
          {unread ? <span className="ui-visually-hidden">Belum dibaca: </span> : null}
          {/* The message is the way to the page it is about (issue 20). */}
          {notification.link ? (
            <Link to={notification.link} className="notification__link" onClick={onOpen}>
              {notification.message}
            </Link>
          ) : (
            notification.message
          )}
        </p>
        <time className="notification__time" dateTime={notification.createdAt}>
          {formatDateTime(notification.createdAt)}
        </time>
        {unread ? (
          <Button
            size="sm"
            variant="ghost"
            className="notification__mark"
            aria-describedby={messageId}
            loading={busy}
            onClick={onMarkRead}
          >
            Tandai Sudah Dibaca
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The panel's list, newest first (the server's order). */
export function NotificationList({
  notifications,
  busyIds,
  onMarkRead,
  onOpen,
  itemRef,
}: NotificationListProps) {
  return (
    // Focusable so a long list can be scrolled from the keyboard even when every item is
    // read and no button is left inside it.
    <ul className="notification-list" aria-label="Daftar notifikasi" tabIndex={0}>
      {notifications.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          busy={busyIds.has(notification.id)}
          onMarkRead={() => onMarkRead(notification)}
          onOpen={() => onOpen(notification)}
          itemRef={itemRef(notification.id)}
        />
      ))}
    </ul>
  );
}
