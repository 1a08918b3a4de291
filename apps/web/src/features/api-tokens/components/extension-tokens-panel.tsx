import { MAX_EXTENSION_TOKENS_PER_MEMBER, type ApiToken } from '@scrapper/contracts/http/me-tokens';
import { Card } from '@scrapper/ui/card';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListState } from '@/components/list-state.tsx';
import { ConfirmRemoveDialog } from '@/components/confirm-remove-dialog.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { listMyExtensionTokens, revokeMyToken } from '../api.ts';
import { useRevokeToken } from '../hooks/use-revoke-token.ts';
import { TokenList } from './token-list.tsx';
import './api-tokens.css';

/**
 * The browser extension's tokens (issue 29 item 8): one per browser where the extension got one,
 * each limited to the member's own cookies, with "Cabut" to cut a browser off.
 */
export function ExtensionTokensPanel() {
  const tokens = useResource<ApiToken[]>(listMyExtensionTokens, []);
  const revoke = useRevokeToken<ApiToken>(revokeMyToken, (token) =>
    tokens.setData((current) => current.filter((t) => t.id !== token.id)),
  );
  return (
    <Card title="Akses ekstensi">
      <p className="muted form-note">
        Saat Anda masuk di browser yang terpasang ekstensi, Scrapper memberi ekstensi token khusus
        yang hanya bisa membaca, menyimpan, dan menghapus cookie Anda, bukan sesi login Anda. Token
        berlaku 30 hari dan diperbarui setiap kali Anda masuk. Paling banyak{' '}
        {MAX_EXTENSION_TOKENS_PER_MEMBER} browser sekaligus; yang paling lama dicabut otomatis.
      </p>
      <ErrorAlert error={revoke.error} onDismiss={() => revoke.setError(null)} />
      <ListState
        list={tokens}
        failed="Gagal memuat token ekstensi."
        empty="Belum ada browser yang terhubung lewat ekstensi."
      />
      <TokenList tokens={tokens.data} label="Token ekstensi" onRevoke={revoke.ask} />
      <ConfirmRemoveDialog
        action={revoke}
        title="Cabut akses ekstensi"
        message="Cabut token ekstensi ini? Ekstensi di browser itu berhenti mengirim cookie sampai Anda membuka Scrapper dan masuk lagi di sana."
        confirmLabel="Cabut"
      />
    </Card>
  );
}
