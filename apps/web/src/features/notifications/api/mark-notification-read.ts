import { notificationEndpoints } from '@scrapper/contracts/http/notifications';
import type { Notification } from '@scrapper/contracts/http/notifications';
import { call } from '@/lib/api-client.ts';

export function markNotificationRead(id: string): Promise<Notification> {
  return call(notificationEndpoints.markRead, { params: { id } });
}
