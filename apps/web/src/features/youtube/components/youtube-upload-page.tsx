import type { SessionUser } from '@scrapper/contracts/http/auth';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Spinner } from '@scrapper/ui/spinner';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useResource } from '@/hooks/use-resource.ts';
import { listClientSecretOptions } from '../api/list-client-secret-options.ts';
import type { ClientSecretOption } from '../api/list-client-secret-options.ts';
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

  if (secrets.status === 'loading' && secrets.data.length === 0) {
    return <Spinner label="Memuat konfigurasi YouTube..." showLabel />;
  }
  if (secrets.status === 'error') {
    return (
      <Alert
        tone="danger"
        action={
          <Button size="sm" variant="ghost" onClick={secrets.reload}>
            Coba lagi
          </Button>
        }
      >
        Gagal memuat daftar client secret YouTube.
      </Alert>
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
