import { PageHeader } from '@/components/page-header.tsx';
import { ExtensionTokensPanel } from '@/features/api-tokens/components/extension-tokens-panel.tsx';
import { ExtensionInstall } from '@/features/extension/components/extension-install.tsx';
import { MyCookies } from '@/features/extension/components/my-cookies.tsx';
import '@/features/extension/components/extension.css';

/** Issue 17: the companion extension (download, install steps) and the member's own cookies. */
export function ExtensionRoute() {
  return (
    <>
      <PageHeader
        title="Ekstensi & Cookie Saya"
        description="Pasang ekstensi Scrapper agar unduhan Anda memakai cookie dari browser Anda sendiri."
      />
      <div className="extension-page">
        <ExtensionInstall />
        <ExtensionTokensPanel />
        <MyCookies />
      </div>
    </>
  );
}
