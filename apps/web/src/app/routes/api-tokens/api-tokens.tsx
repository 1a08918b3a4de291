import { useState } from 'react';
import { PageHeader } from '@/components/page-header.tsx';
import { AllTokensPanel } from '@/features/api-tokens/components/all-tokens-panel.tsx';
import { MyTokensPanel } from '@/features/api-tokens/components/my-tokens-panel.tsx';
import '@/features/api-tokens/components/api-tokens.css';
import { useSessionStore } from '@/stores/use-session-store.ts';

/**
 * Issue 21 item 2: personal API tokens for scripts and tools. Admins also see every member's
 * tokens here (one page for everything about tokens, rather than another admin tab).
 */
export function ApiTokensRoute() {
  const isAdmin = useSessionStore((state) => state.user?.role === 'admin');
  // Bumped when the admin makes or revokes a token of their own: the list of all reloads.
  const [version, setVersion] = useState(0);
  return (
    <>
      <PageHeader
        title="Token API"
        description="Panggil API Scrapper dari skrip, n8n, Make atau cron dengan header Authorization: Bearer. Token bertindak sebagai akun Anda."
      />
      <div className="api-tokens-page">
        <MyTokensPanel onChange={() => setVersion((v) => v + 1)} />
        {isAdmin ? <AllTokensPanel key={version} /> : null}
      </div>
    </>
  );
}
