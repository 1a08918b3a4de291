import type { SessionUser } from '@scrapper/contracts/http/auth';
import { Alert } from '@scrapper/ui/alert';
import { Link } from 'react-router';
import { LoadState } from '@/components/load-state.tsx';
import { paths } from '@/config/paths.ts';
import { useResource } from '@/hooks/use-resource.ts';
import { listClientSecretOptions } from '../api.ts';
import type { ClientSecretOption } from '../api.ts';
import { TEXT } from '../utils/messages.ts';
import { UploadWorkspace } from './upload-workspace.tsx';
import './youtube.css';

const NO_SECRETS: ClientSecretOption[] = [];

/**
 * The YouTube upload page (spec part 2, section 2). Without an active client secret there is
 * nothing to connect through, so the page shows only the notice to add one in Admin.
 */
export function YoutubeUploadPage({ user }: { user: SessionUser }) {
  const secrets = useResource(listClientSecretOptions, NO_SECRETS);

  const loading = secrets.status === 'loading' && secrets.data.length === 0;
  if (loading || secrets.status === 'error') {
    return (
      <LoadState
        loading={loading}
        loadingLabel="Memuat konfigurasi YouTube..."
        error={secrets.status === 'error' ? 'Gagal memuat daftar client secret YouTube.' : null}
        onRetry={secrets.reload}
      />
    );
  }
  if (secrets.data.length === 0) {
    return (
      <Alert tone="info" title="Client secret belum tersedia">
        {TEXT.noClientSecret}{' '}
        {user.role === 'admin' ? (
          <Link to={`${paths.admin}?tab=client-secrets`}>Buka tab Client Secret di Admin</Link>
        ) : null}
      </Alert>
    );
  }
  return <UploadWorkspace user={user} clientSecrets={secrets.data} />;
}
