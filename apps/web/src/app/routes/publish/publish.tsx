import { PageHeader } from '@/components/page-header.tsx';
import { PublishPage } from '@/features/publish/components/publish-page.tsx';

export function PublishRoute() {
  return (
    <>
      <PageHeader
        title="Publikasikan"
        description="Kirim satu video ke TikTok, Instagram Reels, Facebook Reels dan YouTube sekaligus, sekarang atau terjadwal."
      />
      <PublishPage />
    </>
  );
}
