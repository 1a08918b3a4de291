import type { ScrapeReadiness } from '@scrapper/contracts/http/scrape';
import { useEffect } from 'react';
import { useResource } from '@/hooks/use-resource.ts';
import { getScrapeReadiness } from '../api.ts';

function logFailure(error: unknown) {
  console.error('Gagal memeriksa API key Apify.', error);
}

/**
 * Whether the admin's Apify key is usable, asked when the dashboard opens and again when the
 * window gets focus back (the admin may have added the key in another tab). Null until known,
 * and when the question fails: no notice is better than a wrong one.
 */
export function useScrapeReadiness(): ScrapeReadiness | null {
  const { data, reload } = useResource<ScrapeReadiness | null>(getScrapeReadiness, null, {
    onError: logFailure,
  });
  useEffect(() => {
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);
  return data;
}
