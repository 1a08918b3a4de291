import { PublicLayout } from '@/components/layouts/public-layout.tsx';
import { PrivacyPolicy } from '@/features/static-pages/components/privacy-policy.tsx';

export function PrivacyPolicyRoute() {
  return (
    <PublicLayout>
      <PrivacyPolicy />
    </PublicLayout>
  );
}
