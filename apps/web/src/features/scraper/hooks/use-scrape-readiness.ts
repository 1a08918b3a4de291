import type { ScrapeReadiness } from '@scrapper/contracts/http/scrape';
import { useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { getScrapeReadiness } from '../api/get-scrape-readiness.ts';

/**
 * Whether the admin's Apify key is usable, asked when the dashboard opens and again when the
 * window gets focus back (the admin may have added the key in another tab). Null until known,
 * and when the question fails: no notice is better than a wrong one.
 */
export function useScrapeReadiness(): ScrapeReadiness | null {
  const [readiness, setReadiness] = useState<ScrapeReadiness | null>(null);
  useEffect(() => {
    let controller = new AbortController();
    const load = () => {
      controller.abort();
      controller = new AbortController();
      getScrapeReadiness(controller.signal)
        .then(setReadiness)
        .catch((error: unknown) => {
          if (!isAbortError(error)) console.error('Gagal memeriksa API key Apify.', error);
        });
    };
    load();
    window.addEventListener('focus', load);
    return () => {
      window.removeEventListener('focus', load);
      controller.abort();
    };
  }, []);
  return readiness;
}
