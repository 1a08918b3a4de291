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

export const NotificationSettingSchema = z.object({
  kind: z.string(),
  label: z.string(),
  /** Reaches the bell. */
  enabled: z.boolean(),
  /** False for failures and calls to act: always on, the switch is shown but cannot be turned off. */
  switchable: z.boolean(),
});
export type NotificationSetting = z.infer<typeof NotificationSettingSchema>;

export const NotificationSettingsSchema = z.object({ kinds: z.array(NotificationSettingSchema) });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** Every kind the caller may switch, on or off; kinds left out keep their setting. */
export const NotificationSettingsBodySchema = z
  .object({ kinds: z.record(z.string().min(1).max(60), z.boolean()) })
  .strict();
export type NotificationSettingsBody = z.infer<typeof NotificationSettingsBodySchema>;

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
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/me/notification-settings',
    access: 'user',
    summary: 'Every notification kind the caller receives, on or off (failures are always on).',
    tags: ['notifications'],
    response: NotificationSettingsSchema,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/me/notification-settings',
    access: 'user',
    summary: 'Switch notification kinds on or off; an unknown kind or a failure kind answers 400 and changes nothing.',
    tags: ['notifications'],
    body: NotificationSettingsBodySchema,
    response: NotificationSettingsSchema,
  }),
};
