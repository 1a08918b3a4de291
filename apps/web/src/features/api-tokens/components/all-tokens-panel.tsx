import type { AdminApiToken } from '@scrapper/contracts/http/me-tokens';
import { Alert } from '@scrapper/ui/alert';
import { Card } from '@scrapper/ui/card';
import { ConfirmDialog } from '@scrapper/ui/confirm-dialog';
import { useState } from 'react';
import { LoadState } from '@/components/load-state.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { errorMessage } from '@/lib/api-error.ts';
import { listAllTokens } from '../api/list-all-tokens.ts';
import { revokeAnyToken } from '../api/revoke-any-token.ts';
import { TokenList } from './token-list.tsx';

/** Admins: every member's live tokens, and revoking any of them (a leaked token, a member who left). */
export function AllTokensPanel() {
  const { data: tokens, setData: setTokens, status, reload } = useResource<AdminApiToken[]>(listAllTokens, []);
  const [revoking, setRevoking] = useState<AdminApiToken | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirmRevoke() {
    if (!revoking) return;
    setBusy(true);
    setError(null);
    try {
      await revokeAnyToken(revoking.id);
      setTokens((current) => current.filter((t) => t.id !== revoking.id));
    } catch (caught) {
      setError(errorMessage(caught, 'Gagal mencabut token API.'));
    } finally {
      setRevoking(null);
      setBusy(false);
    }
  }

  return (
    <Card title="Semua token member (admin)">
      {error ? (
        <Alert tone="danger" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      <LoadState
        loading={status === 'loading' && tokens.length === 0}
        error={status === 'error' ? 'Gagal memuat token member.' : null}
        onRetry={reload}
      />
      {status === 'ready' && tokens.length === 0 ? <p className="muted">Belum ada member yang punya token API.</p> : null}
      <TokenList tokens={tokens} label="Token API semua member" onRevoke={setRevoking} />
      <ConfirmDialog
        open={revoking !== null}
        title="Cabut token member"
        message={`Cabut token "${revoking?.name ?? ''}" milik ${revoking?.owner.username ?? ''}? Semua permintaan dengan token ini langsung ditolak.`}
        confirmLabel="Cabut"
        tone="danger"
        loading={busy}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
