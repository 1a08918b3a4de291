import type { Analytics } from '@scrapper/contracts/http/analytics';
import { useResource } from '@/hooks/use-resource.ts';
import { getAnalytics } from '../api.ts';

/**
 * The dashboard figures, loaded on mount and again on `reload`. While a reload runs the
 * previous figures stay on screen (status 'loading' with data), so the page does not jump.
 */
export function useAnalytics() {
  const { data, status, reload } = useResource<Analytics | null>(getAnalytics, null);
  return { data, status, reload };
}
