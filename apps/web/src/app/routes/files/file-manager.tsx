import { PageHeader } from '@/components/page-header.tsx';
import { FileManager } from '@/features/files/components/file-manager.tsx';
import { useSessionStore } from '@/stores/use-session-store.ts';

export function FileManagerRoute() {
  const user = useSessionStore((state) => state.user);
  return (
    <>
      <PageHeader title="File Manager" description="File video yang sudah diunduh ke server." />
      {user ? <FileManager user={user} /> : null}
    </>
  );
}
