import { notificationEndpoints } from '@scrapper/contracts/http/notifications';
import type { Notification } from '@scrapper/contracts/http/notifications';
import type { EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { call } from '@/lib/api-client.ts';

export type NotificationList = EndpointResponse<typeof notificationEndpoints.list>;

export function listNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return call(notificationEndpoints.list, { signal });
}

export function markAllNotificationsRead(): Promise<
  EndpointResponse<typeof notificationEndpoints.markAllRead>
> {
  return call(notificationEndpoints.markAllRead);
}

export function markNotificationRead(id: string): Promise<Notification> {
  return call(notificationEndpoints.markRead, { params: { id } });
}
