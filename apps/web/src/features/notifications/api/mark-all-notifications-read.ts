import { notificationEndpoints } from '@scrapper/contracts/http/notifications';
import type { EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { call } from '@/lib/api-client.ts';

export function markAllNotificationsRead(): Promise<EndpointResponse<typeof notificationEndpoints.markAllRead>> {
  return call(notificationEndpoints.markAllRead);
}
