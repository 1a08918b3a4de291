import type { PlatformConfig } from '@scrapper/contracts/http/scrape';
import { useResource } from '@/hooks/use-resource.ts';
import { getScrapeConfig } from '@/lib/api/get-scrape-config.ts';

const NONE: PlatformConfig[] = [];

function logFailure(error: unknown) {
  console.error('Gagal memuat konfigurasi platform scraper.', error);
}

/** The active platforms for the form, loaded once. A failure is logged only (spec section 8). */
export function usePlatformConfigs() {
  const { data: platforms, status } = useResource(getScrapeConfig, NONE, { onError: logFailure });
  return { platforms, status };
}
