import { notificationEndpoints } from '@scrapper/contracts/http/notifications';
import type { EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { call } from '@/lib/api-client.ts';

export type NotificationList = EndpointResponse<typeof notificationEndpoints.list>;

export function listNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return call(notificationEndpoints.list, { signal });
}
