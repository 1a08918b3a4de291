import { endpoints } from '@scrapper/contracts/http';
import type { EndpointResponse } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

export type NotificationList = EndpointResponse<typeof endpoints.notifications.list>;

export function listNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return call(endpoints.notifications.list, { signal });
}
