import { PageHeader } from '@/components/page-header.tsx';
import { HistoryPage } from '@/features/history/components/history-page.tsx';
import { useSessionStore } from '@/stores/use-session-store.ts';

export function HistoryRoute() {
  const user = useSessionStore((state) => state.user);
  return (
    <>
      <PageHeader
        title="Riwayat Unduhan"
        description="Video yang sudah diunduh: cari, unduh lagi, atau hapus dari riwayat."
      />
      {user ? <HistoryPage user={user} /> : null}
    </>
  );
}
