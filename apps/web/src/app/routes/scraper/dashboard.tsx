import { PageHeader } from '@/components/page-header.tsx';
import { ScraperDashboard } from '@/features/scraper/components/scraper-dashboard.tsx';
import { SetupChecklist } from '@/features/setup-checklist/components/setup-checklist.tsx';

export function ScraperDashboardRoute() {
  return (
    <>
      <PageHeader
        title="Dashboard Scraper"
        description="Pilih platform, masukkan URL atau kata kunci, lalu pantau tugasnya."
      />
      <SetupChecklist />
      <ScraperDashboard />
    </>
  );
}
