import { PageHeader } from '@/components/page-header.tsx';
import { AnalyticsDashboard } from '@/features/analytics/components/analytics-dashboard.tsx';
import { useSessionStore } from '@/stores/use-session-store.ts';

export function AnalyticsRoute() {
  const isAdmin = useSessionStore((state) => state.user?.role === 'admin');
  return (
    <>
      <PageHeader
        title="Analytics"
        description="Ringkasan unduhan, distribusi platform dan aktivitas 7 hari terakhir."
      />
      <AnalyticsDashboard isAdmin={isAdmin} />
    </>
  );
}
