import type { ClientSecret } from '@scrapper/contracts/http/youtube';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { ProgressBar } from '@scrapper/ui/progress-bar';

export interface ClientSecretEntryProps {
  secret: ClientSecret;
  editing: boolean;
  onEdit: (secret: ClientSecret) => void;
  onDelete: (secret: ClientSecret) => void;
}

const numberFormat = new Intl.NumberFormat('id-ID');

/** One OAuth client: masked secret, redirect URI, active state and today's quota use. */
export function ClientSecretEntry({ secret, editing, onEdit, onDelete }: ClientSecretEntryProps) {
  const used = numberFormat.format(secret.quotaUsedToday);
  const daily = numberFormat.format(secret.quotaDailyUnits);
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
          <dt>Client ID</dt>
          <dd>
            <code>{secret.clientId}</code>
          </dd>
        </div>
        <div>
          <dt>Client Secret</dt>
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
        <div>
          <dt>Upload hari ini</dt>
          <dd>{numberFormat.format(secret.uploadsToday)}</dd>
        </div>
      </dl>
      <ProgressBar
        label={`Kuota hari ini: ${used} / ${daily} unit`}
        value={secret.quotaUsedToday}
        max={secret.quotaDailyUnits}
        valueText={`${used} dari ${daily} unit terpakai`}
      />
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
