import { Alert } from '@scrapper/ui/alert';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';

export const ADMIN_ONLY_MESSAGE = 'Halaman ini hanya untuk admin.';

/**
 * Admin-only pages. A member who opens one (a shared link, a notification meant for admins)
 * is told why there is nothing here, with the way back, instead of being sent away silently
 * (issue 20; the spec's redirect to / left them guessing). This is navigation, not security:
 * the API answers 403 to non-admins on every admin endpoint.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const role = useSessionStore((state) => state.user?.role);
  if (role !== 'admin') {
    return (
      <>
        <PageHeader title="Admin" />
        <Alert tone="warning">
          {ADMIN_ONLY_MESSAGE} <Link to={paths.scraper}>Kembali ke Scraper</Link>
        </Alert>
      </>
    );
  }
  return children;
}
