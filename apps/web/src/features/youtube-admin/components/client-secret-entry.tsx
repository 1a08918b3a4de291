import type { ClientSecret } from '@scrapper/contracts/http/youtube-accounts';
import { CLIENT_SECRET_PLATFORM_LABELS } from '@scrapper/contracts/rules/publish-destinations';
import { quotaResetText } from '@scrapper/contracts/rules/youtube-quota';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { ProgressBar } from '@scrapper/ui/progress-bar';
import { CREDENTIAL_LABELS } from '../utils/client-secret-form.ts';

export interface ClientSecretEntryProps {
  secret: ClientSecret;
  editing: boolean;
  onEdit: (secret: ClientSecret) => void;
  onDelete: (secret: ClientSecret) => void;
}

const numberFormat = new Intl.NumberFormat('id-ID');

/**
 * One app: its platform, masked secret, redirect URI, active state and, for Google's, today's
 * use of its two quota buckets (uploads, units), with when Google resets them, in WIB.
 */
export function ClientSecretEntry({ secret, editing, onEdit, onDelete }: ClientSecretEntryProps) {
  const today = secret.quotaToday;
  const uploads = `${numberFormat.format(today.uploadsUsed)} / ${numberFormat.format(today.uploadsLimit)}`;
  const units = `${numberFormat.format(today.unitsUsed)} / ${numberFormat.format(today.unitsLimit)}`;
  const labels = CREDENTIAL_LABELS[secret.platform];
  return (
    <li className={editing ? 'yt-admin-secret yt-admin-secret--editing' : 'yt-admin-secret'}>
      <div className="yt-admin-secret__head">
        <h3 className="yt-admin-secret__name">{secret.name}</h3>
        <Badge tone={secret.isActive ? 'info' : 'neutral'}>
          {secret.isActive ? 'Aktif' : 'Nonaktif'}
        </Badge>
      </div>
      <dl className="yt-admin-meta">
        <div>
          <dt>Platform</dt>
          <dd>{CLIENT_SECRET_PLATFORM_LABELS[secret.platform]}</dd>
        </div>
        <div>
          <dt>{labels.id}</dt>
          <dd>
            <code>{secret.clientId}</code>
          </dd>
        </div>
        <div>
          <dt>{labels.secret}</dt>
          <dd>
            <code>{secret.clientSecret}</code>
          </dd>
        </div>
        <div>
          <dt>Redirect URI</dt>
          <dd>
            <code>{secret.redirectUri}</code>
          </dd>
        </div>
      </dl>
      {secret.platform === 'youtube' ? (
        <>
          <ProgressBar
            label={`Unggahan hari ini (videos.insert): ${uploads}`}
            value={Math.min(today.uploadsUsed, today.uploadsLimit)}
            max={today.uploadsLimit}
            valueText={`${numberFormat.format(today.uploadsUsed)} dari ${numberFormat.format(today.uploadsLimit)} unggahan terpakai, sisa ${numberFormat.format(today.uploadsRemaining)}`}
          />
          <ProgressBar
            label={`Unit hari ini: ${units}`}
            value={Math.min(today.unitsUsed, today.unitsLimit)}
            max={today.unitsLimit}
            valueText={`${numberFormat.format(today.unitsUsed)} dari ${numberFormat.format(today.unitsLimit)} unit terpakai, sisa ${numberFormat.format(today.unitsRemaining)}`}
          />
          <p className="muted yt-admin-secret__reset">
            Kuota {quotaResetText(new Date(today.resetsAt))}.
          </p>
        </>
      ) : null}
      <div className="row-actions row-actions--wrap">
        <Button size="sm" onClick={() => onEdit(secret)} aria-label={`Edit ${secret.name}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={() => onDelete(secret)}
          aria-label={`Hapus ${secret.name}`}
        >
          Hapus
        </Button>
      </div>
    </li>
  );
}
