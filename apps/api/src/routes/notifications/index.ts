import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import type { Notification } from '@scrapper/contracts/http/notifications';
import { notificationKindsFor, refusedSettingsChange } from '@scrapper/contracts/rules/notification-kinds';
import type { NotificationSettings } from '@scrapper/contracts/http/notifications';
import {
  countUnreadNotifications,
  findMutedNotificationKinds,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  setMutedNotificationKinds,
} from '@scrapper/db/queries/notifications';
import type { NotificationRow } from '@scrapper/db/schema';
import { badRequest, notFound } from '../../lib/errors.ts';
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

/** Every kind the role receives, each on unless the user switched it off. */
function toSettings(role: 'user' | 'admin', muted: readonly string[]): NotificationSettings {
  const off = new Set(muted);
  return {
    kinds: notificationKindsFor(role).map((k) => ({ kind: k.kind, label: k.label, enabled: !off.has(k.kind), switchable: k.switchable })),
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
  defineRoute(app, endpoints.notifications.settings, async ({ user }) => {
    const muted = await findMutedNotificationKinds(database.db, user.id);
    if (!muted) throw notFound('Pengguna tidak ditemukan.');
    return toSettings(user.role, muted);
  });
  defineRoute(app, endpoints.notifications.updateSettings, async ({ body, user }) => {
    const refused = refusedSettingsChange(user.role, body.kinds);
    if (refused) throw badRequest(refused);
    const current = await findMutedNotificationKinds(database.db, user.id);
    if (!current) throw notFound('Pengguna tidak ditemukan.');
    const muted = new Set(current);
    for (const [kind, on] of Object.entries(body.kinds)) {
      if (on) muted.delete(kind);
      else muted.add(kind);
    }
    const saved = await setMutedNotificationKinds(database.db, user.id, [...muted]);
    return toSettings(user.role, saved ?? []);
  });
}
