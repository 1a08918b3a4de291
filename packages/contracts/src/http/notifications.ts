import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

export const NotificationSchema = z.object({
  id: UuidSchema,
  kind: z.string(),
  message: z.string(),
  createdAt: IsoDateTimeSchema,
  isRead: z.boolean(),
  /**
   * The app page the notification is about, as a hash route (`/history`, `/admin?tab=tools`);
   * null when it is about no page in particular.
   */
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const notificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/notifications',
    access: 'user',
    summary: "The caller's newest notifications and how many are unread.",
    tags: ['notifications'],
    response: z.object({ notifications: z.array(NotificationSchema), unread: z.number().int() }),
  }),
  markRead: defineEndpoint({
    method: 'PUT',
    path: '/api/notifications/:id/read',
    access: 'user',
    summary: 'Mark one of the caller’s notifications read (404 for anyone else’s).',
    tags: ['notifications'],
    params: IdParamsSchema,
    response: NotificationSchema,
  }),
  markAllRead: defineEndpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    access: 'user',
    summary: "Mark every unread notification of the caller read (admins: their own, as the list shows).",
    tags: ['notifications'],
    response: z.object({ updated: z.number().int().min(0) }),
  }),
};
