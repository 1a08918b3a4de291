import { PageHeader } from '@/components/page-header.tsx';
import { YoutubeUploadPage } from '@/features/youtube/components/youtube-upload-page.tsx';
import { useSessionStore } from '@/stores/use-session-store.ts';

export function YoutubeUploadRoute() {
  const user = useSessionStore((state) => state.user);
  return (
    <>
      <PageHeader
        title="YouTube Upload"
        description="Upload video ke akun YouTube Anda sekarang atau terjadwal, dengan efek dan audio remix."
      />
      {user ? <YoutubeUploadPage user={user} /> : null}
    </>
  );
}
