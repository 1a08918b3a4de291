import { PublicLayout } from '@/components/layouts/public-layout.tsx';
import { PlaceholderPage } from '@/components/placeholder-page.tsx';

// A public page whose text comes with a later issue (spec part 2, static pages).
export function PrivacyPolicyRoute() {
  return (
    <PublicLayout>
      <PlaceholderPage title="Kebijakan Privasi" />
    </PublicLayout>
  );
}
