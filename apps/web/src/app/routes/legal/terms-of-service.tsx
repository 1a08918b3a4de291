import { PublicLayout } from '@/components/layouts/public-layout.tsx';
import { TermsOfService } from '@/features/static-pages/components/terms-of-service.tsx';

export function TermsOfServiceRoute() {
  return (
    <PublicLayout>
      <TermsOfService />
    </PublicLayout>
  );
}
