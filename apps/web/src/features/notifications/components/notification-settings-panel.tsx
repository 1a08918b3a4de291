import {
  notificationEndpoints,
  type NotificationSettings,
} from '@scrapper/contracts/http/notifications';
import { Card } from '@scrapper/ui/card';
import { Switch } from '@scrapper/ui/switch';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { LoadState } from '@/components/load-state.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { call } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/api-error.ts';

const loadSettings = (signal: AbortSignal) => call(notificationEndpoints.settings, { signal });

/**
 * Which kinds of notification reach the bell (issue 31 item 3): one switch per kind, saved as
 * it is flipped. Failures and calls to act are always on: their switch stays on and says why.
 */
export function NotificationSettingsPanel() {
  const { data, setData, status, reload } = useResource<NotificationSettings>(loadSettings, { kinds: [] });
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function toggle(kind: string, label: string, enabled: boolean) {
    setSaving(kind);
    setError(null);
    setSaved(null);
    try {
      setData(await call(notificationEndpoints.updateSettings, { body: { kinds: { [kind]: enabled } } }));
      setSaved(`"${label}" ${enabled ? 'dinyalakan' : 'dimatikan'}.`);
    } catch (caught) {
      setError(errorMessage(caught, 'Gagal menyimpan pengaturan notifikasi.'));
    } finally {
      setSaving(null);
    }
  }

  const switchable = data.kinds.filter((k) => k.switchable);
  const always = data.kinds.filter((k) => !k.switchable);
  return (
    <div className="notification-settings">
      <LoadState
        loading={status === 'loading' && data.kinds.length === 0}
        error={status === 'error' ? 'Gagal memuat pengaturan notifikasi.' : null}
        onRetry={reload}
      />
      <ErrorAlert error={error} onDismiss={() => setError(null)} />
      <p role="status" className="notification-settings__saved">
        {saved}
      </p>
      {switchable.length > 0 ? (
        <Card title="Kabar pekerjaan yang berhasil">
          <p className="muted">Matikan yang tidak perlu masuk ke lonceng. Pekerjaannya tetap berjalan dan tetap tercatat di halamannya.</p>
          <ul className="notification-settings__list" aria-label="Notifikasi yang dapat diatur">
            {switchable.map((k) => (
              <li key={k.kind} className="notification-settings__item">
                <Switch
                  label={k.label}
                  checked={k.enabled}
                  busy={saving === k.kind}
                  stateLabels={{ on: 'Aktif', off: 'Mati' }}
                  onCheckedChange={(on) => void toggle(k.kind, k.label, on)}
                />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {always.length > 0 ? (
        <Card title="Selalu dikirim">
          <p className="muted">Kegagalan dan hal yang perlu Anda tindak lanjuti selalu masuk ke lonceng.</p>
          <ul className="notification-settings__list" aria-label="Notifikasi yang selalu dikirim">
            {always.map((k) => (
              <li key={k.kind} className="notification-settings__item">
                {k.label}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
