import { PLATFORM_LABELS } from '@scrapper/contracts/rules/platforms';
import { Tabs } from '@scrapper/ui/tabs';
import type { TabItem } from '@scrapper/ui/tabs';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { RequireAdmin } from '@/components/require-admin.tsx';
import { ActorConfigPanel } from '@/features/actor-configs/components/actor-config-panel.tsx';
import { ApiKeysPanel } from '@/features/api-keys/components/api-keys-panel.tsx';
import { CookiePanel } from '@/features/cookies/components/cookie-panel.tsx';
import { ExtensionTokensPanel } from '@/features/api-tokens/components/extension-tokens-panel.tsx';
import { ExtensionInstall } from '@/features/extension/components/extension-install.tsx';
import { MyCookies } from '@/features/extension/components/my-cookies.tsx';
import '@/features/extension/components/extension.css';
import { DeletionRequestsPanel } from '@/features/deletion-requests/components/deletion-requests-panel.tsx';
import { RateLimitsPanel } from '@/features/rate-limits/components/rate-limits-panel.tsx';
import { MetaAppPanel } from '@/features/publish/components/meta-app-panel.tsx';
import { ToolsPanel } from '@/features/tools/components/tools-panel.tsx';
import { TOOLS_TAB_ID, TOOLS_TAB_LABEL } from '@/features/tools/utils/tools-tab.ts';
import { UserManagementPanel } from '@/features/users/components/user-management-panel.tsx';
import { WorkerPanel } from '@/features/workers/components/worker-panel.tsx';
import { ClientSecretsPanel } from '@/features/youtube-admin/components/client-secrets-panel.tsx';
import { YoutubeAccountsPanel } from '@/features/youtube-admin/components/youtube-accounts-panel.tsx';

const DEFAULT_TAB = 'users';

// Spec order. The tab lives in ?tab= so it can be linked to and survives a reload (the spec
// does not name tab paths); switching replaces the entry so arrow keys do not flood history.
const tabs: TabItem[] = [
  { id: DEFAULT_TAB, label: 'Pengguna', content: <UserManagementPanel /> },
  { id: 'actors', label: 'Aktor', content: <ActorConfigPanel /> },
  // Issue 33: the spec's "Facebook config" tab is the Meta app's page.
  { id: 'facebook', label: PLATFORM_LABELS.facebook, content: <MetaAppPanel credentials={<ClientSecretsPanel platform="meta" />} /> },
  { id: 'youtube-accounts', label: 'Akun YouTube', content: <YoutubeAccountsPanel /> },
  { id: 'client-secrets', label: 'Client Secret', content: <ClientSecretsPanel /> },
  { id: 'api-keys', label: 'API Key', content: <ApiKeysPanel /> },
  {
    id: 'cookies',
    label: 'Cookie',
    content: (
      <div className="admin-stack">
        <CookiePanel />
        {/* Issue 17: the extension for members, and the admin's own synced cookies. */}
        <ExtensionInstall />
        <ExtensionTokensPanel />
        <MyCookies />
        <RateLimitsPanel />
      </div>
    ),
  },
  // Issue 20: requests from the public data-deletion page (notifications link here).
  { id: 'deletion-requests', label: 'Permintaan Hapus Data', content: <DeletionRequestsPanel /> },
  // Not in the spec: operations (issue 7), after the spec's tabs.
  { id: 'workers', label: 'Worker', content: <WorkerPanel /> },
  // Issue 14: what the workers run (yt-dlp, ffmpeg), linked from the header's warning badge.
  { id: TOOLS_TAB_ID, label: TOOLS_TAB_LABEL, content: <ToolsPanel /> },
];

function AdminPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab') ?? DEFAULT_TAB;
  const selected = tabs.some((tab) => tab.id === requested) ? requested : DEFAULT_TAB;

  function select(id: string) {
    setSearchParams(id === DEFAULT_TAB ? {} : { tab: id }, { replace: true });
  }

  return (
    <>
      <PageHeader title="Admin" description="Kelola pengguna dan konfigurasi aplikasi." />
      <Tabs label="Bagian admin" items={tabs} selectedId={selected} onSelect={select} />
    </>
  );
}

export function AdminRoute() {
  return (
    <RequireAdmin>
      <AdminPage />
    </RequireAdmin>
  );
}
