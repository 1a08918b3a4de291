import type { AdminApiToken } from '@scrapper/contracts/http/me-tokens';
import { Card } from '@scrapper/ui/card';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListState } from '@/components/list-state.tsx';
import { ConfirmRemoveDialog } from '@/components/confirm-remove-dialog.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { listAllTokens, revokeAnyToken } from '../api.ts';
import { useRevokeToken } from '../hooks/use-revoke-token.ts';
import { TokenList } from './token-list.tsx';

/** Admins: every member's live tokens, and revoking any of them (a leaked token, a member who left). */
export function AllTokensPanel() {
  const tokens = useResource<AdminApiToken[]>(listAllTokens, []);
  const revoke = useRevokeToken<AdminApiToken>(revokeAnyToken, (token) =>
    tokens.setData((current) => current.filter((t) => t.id !== token.id)),
  );

  return (
    <Card title="Semua token member (admin)">
      <ErrorAlert error={revoke.error} onDismiss={() => revoke.setError(null)} />
      <ListState list={tokens} failed="Gagal memuat token member." empty="Belum ada member yang punya token API." />
      <TokenList tokens={tokens.data} label="Token API semua member" onRevoke={revoke.ask} />
      <ConfirmRemoveDialog
        action={revoke}
        title="Cabut token member"
        message={`Cabut token "${revoke.target?.name ?? ''}" milik ${revoke.target?.owner.username ?? ''}? Semua permintaan dengan token ini langsung ditolak.`}
        confirmLabel="Cabut"
      />
    </Card>
  );
}
