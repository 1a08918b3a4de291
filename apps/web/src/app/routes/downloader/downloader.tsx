import { PageHeader } from '@/components/page-header.tsx';
import { DownloaderPage } from '@/features/downloader/components/downloader-page.tsx';
import { useSessionStore } from '@/stores/use-session-store.ts';

export function DownloaderRoute() {
  const user = useSessionStore((state) => state.user);
  return (
    <>
      <PageHeader
        title="Downloader"
        description="Pilih file hasil scraping, pratinjau videonya, lalu unduh yang Anda pilih."
      />
      {user ? <DownloaderPage user={user} /> : null}
    </>
  );
}
