import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import type { Notification } from '@scrapper/contracts/http/notifications';
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '@scrapper/db/queries/notifications';
import type { NotificationRow } from '@scrapper/db/schema';
import { notFound } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/define-route.ts';
import { notificationLink } from '../../services/notifications/notification-link.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ownerScope } from '../../lib/owner-scope.ts';

function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
    link: notificationLink(row),
  };
}

export function notificationRoutes(app: FastifyInstance, { database }: AppDeps): void {
  defineRoute(app, endpoints.notifications.list, async ({ user }) => {
    const [rows, unread] = await Promise.all([listNotifications(database.db, user.id), countUnreadNotifications(database.db, user.id)]);
    return { notifications: rows.map(toNotificationDto), unread };
  });
  defineRoute(app, endpoints.notifications.markRead, async ({ params, user }) => {
    // Admins reach every member's notifications, as every other member resource.
    const row = await markNotificationRead(database.db, ownerScope(user), params.id);
    if (!row) throw notFound('Notifikasi tidak ditemukan.');
    return toNotificationDto(row);
  });
  // The caller's own, admins included: "all" is the list the bell shows, not every member's.
  defineRoute(app, endpoints.notifications.markAllRead, async ({ user }) => {
    return { updated: await markAllNotificationsRead(database.db, user.id) };
  });
}
