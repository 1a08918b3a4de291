import type { PlatformConfig } from '@scrapper/contracts/http/scrape';
import { useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { getScrapeConfig } from '../api/get-scrape-config.ts';

export type PlatformConfigsStatus = 'loading' | 'ready' | 'error';

/** The active platforms for the form, loaded once. A failure is logged only (spec section 8). */
export function usePlatformConfigs() {
  const [platforms, setPlatforms] = useState<PlatformConfig[]>([]);
  const [status, setStatus] = useState<PlatformConfigsStatus>('loading');

  useEffect(() => {
    const controller = new AbortController();
    getScrapeConfig(controller.signal)
      .then((list) => {
        setPlatforms(list);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        console.error('Gagal memuat konfigurasi platform scraper.', error);
        setStatus('error');
      });
    return () => controller.abort();
  }, []);

  return { platforms, status };
}
