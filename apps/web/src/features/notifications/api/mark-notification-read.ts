import { endpoints } from '@scrapper/contracts/http';
import type { Notification } from '@scrapper/contracts/http/notifications';
import { call } from '@/lib/api-client.ts';

export function markNotificationRead(id: string): Promise<Notification> {
  return call(endpoints.notifications.markRead, { params: { id } });
}
