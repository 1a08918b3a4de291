import type { Analytics } from '@scrapper/contracts/http/analytics';
import { useResource, type ResourceStatus } from '@/hooks/use-resource.ts';
import { getAnalytics } from '../api/get-analytics.ts';

export type AnalyticsStatus = ResourceStatus;

/**
 * The dashboard figures, loaded on mount and again on `reload`. While a reload runs the
 * previous figures stay on screen (status 'loading' with data), so the page does not jump.
 */
export function useAnalytics() {
  const { data, status, reload } = useResource<Analytics | null>(getAnalytics, null);
  return { data, status, reload };
}
