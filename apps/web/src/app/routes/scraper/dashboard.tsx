import { PlaceholderPage } from '@/components/placeholder-page.tsx';

// Built by a later issue; until then the page says so instead of showing invented data.
export function ScraperDashboardRoute() {
  return <PlaceholderPage title="Dashboard Scraper" />;
}
