import type { PublishAccount } from '@scrapper/contracts/http/publish';
import type { Playlist } from '@scrapper/contracts/http/youtube-accounts';
import { PUBLISH_PLATFORMS, PUBLISH_PLATFORM_LABELS } from '@scrapper/contracts/rules/publish-destinations';
import { Checkbox } from '@scrapper/ui/checkbox';
import { Select } from '@scrapper/ui/select';
import { useCallback } from 'react';
import { useResource, type Resource } from '@/hooks/use-resource.ts';
import { listPlaylists } from '@/lib/api/list-playlists.ts';
import type {
  AutomationErrors,
  AutomationFormValues,
  ChangeField,
} from '../utils/automation-form.ts';
import { destinationGroups } from '../utils/destinations.ts';

export interface DestinationFieldsProps {
  values: AutomationFormValues;
  errors: AutomationErrors;
  onChange: ChangeField;
  accounts: Resource<PublishAccount[]>;
}

const NO_PLAYLISTS: Playlist[] = [];

/**
 * Where the videos go (issue 33): a checkbox per destination of GET /api/publish/accounts,
 * grouped by platform; and, with a YouTube channel picked, one of its playlists.
 */
export function DestinationFields({ values, errors, onChange, accounts }: DestinationFieldsProps) {
  const groups = destinationGroups(accounts.data);
  const channel = accounts.data.find(
    (account) => account.platform === 'youtube' && values.destinations.includes(account.id),
  );
  const channelId = channel?.id ?? '';
  const loadPlaylists = useCallback(
    (signal: AbortSignal) =>
      channelId ? listPlaylists(channelId, signal) : Promise.resolve(NO_PLAYLISTS),
    [channelId],
  );
  const playlists = useResource(loadPlaylists, NO_PLAYLISTS);
  const toggle = (id: string, on: boolean) => {
    const next = on
      ? [...values.destinations, id]
      : values.destinations.filter((chosen) => chosen !== id);
    onChange('destinations', next);
    if (!next.includes(channelId)) onChange('playlistId', '');
  };
  const error =
    errors.destinations ??
    (accounts.status === 'error' ? 'Gagal memuat daftar tujuan publikasi.' : undefined);
  return (
    <>
      <fieldset
        id="automation-destinations"
        className="form-fieldset automation-destinations"
        aria-describedby={error ? 'automation-destinations-error' : undefined}
        tabIndex={-1}
      >
        <legend>Tujuan publikasi</legend>
        {accounts.status === 'loading' ? <p className="muted">Memuat tujuan...</p> : null}
        {accounts.status === 'ready' && accounts.data.length === 0 ? (
          <p className="muted">
            Belum ada akun tujuan. Hubungkan YouTube, TikTok, Instagram, atau Facebook di halaman
            Publikasikan.
          </p>
        ) : null}
        {PUBLISH_PLATFORMS.map((platform) => {
          const list = groups[platform];
          if (list.length === 0) return null;
          return (
            <div key={platform} className="automation-destinations__group">
              <p className="automation-destinations__platform">{PUBLISH_PLATFORM_LABELS[platform]}</p>
              {list.map((account) => (
                <Checkbox
                  key={account.id}
                  label={
                    account.needsReconnect ? `${account.name} (perlu dihubungkan ulang)` : account.name
                  }
                  checked={values.destinations.includes(account.id)}
                  onChange={(event) => toggle(account.id, event.target.checked)}
                />
              ))}
            </div>
          );
        })}
        {values.destinations.some((id) => groups.tiktok.some((account) => account.id === id)) ? (
          <p className="muted automation-note">
            TikTok menerima video otomasi sebagai draf di kotak masuk; selesaikan postingnya di
            aplikasi TikTok.
          </p>
        ) : null}
        {error ? (
          <p id="automation-destinations-error" className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
      {channel ? (
        <Select
          id="automation-playlistId"
          label={`Playlist YouTube (${channel.name})`}
          placeholder="Tanpa playlist"
          options={playlists.data.map((playlist) => ({ value: playlist.id, label: playlist.title }))}
          value={values.playlistId}
          error={
            errors.playlistId ??
            (playlists.status === 'error' ? 'Gagal memuat playlist akun ini.' : undefined)
          }
          onChange={(event) => onChange('playlistId', event.target.value)}
        />
      ) : null}
    </>
  );
}
