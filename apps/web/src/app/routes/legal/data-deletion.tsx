import { PublicLayout } from '@/components/layouts/public-layout.tsx';
import { DataDeletion } from '@/features/static-pages/components/data-deletion.tsx';

export function DataDeletionRoute() {
  return (
    <PublicLayout>
      <DataDeletion />
    </PublicLayout>
  );
}
