import { MAX_WEBHOOK_URL_LENGTH, type Webhook, type WebhookEvent, WEBHOOK_EVENT_LABELS } from '@scrapper/contracts/http/me-webhooks';
import { jakartaDateTime } from '@scrapper/contracts/rules/jakarta-time';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { TextInput } from '@scrapper/ui/text-input';
import { useState, type FormEvent } from 'react';
import { EventCheckboxes } from './event-checkboxes.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

type Patch = { url?: string; events?: WebhookEvent[]; enabled?: boolean };

export interface WebhookItemProps {
  hook: Webhook;
  /** Bumped by "Kirim Tes": the deliveries table opens and loads again. */
  testVersion: number;
  onSave: (patch: Patch) => Promise<boolean>;
  onTest: () => void;
  onDelete: () => void;
}

/** One webhook: status (aktif/nonaktif and why), events, actions, the edit form and its deliveries. */
export function WebhookItem({ hook, testVersion, onSave, onTest, onDelete }: WebhookItemProps) {
  const [editing, setEditing] = useState(false);
  const [url, setUrl] = useState(hook.url);
  const [events, setEvents] = useState<WebhookEvent[]>(hook.events);
  const [saving, setSaving] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const open = showDeliveries || testVersion > 0;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const ok = await onSave({ url: url.trim(), events });
    setSaving(false);
    if (ok) setEditing(false);
  }

  async function toggle() {
    setSaving(true);
    await onSave({ enabled: !hook.enabled });
    setSaving(false);
  }

  return (
    <li className="webhooks__item">
      <div className="webhooks__head">
        <h3 className="webhooks__url">{hook.url}</h3>
        {hook.enabled ? <Badge tone="info">Aktif</Badge> : <Badge tone="danger">Nonaktif</Badge>}
      </div>
      {!hook.enabled && hook.disabledReason ? <p className="webhooks__reason">{hook.disabledReason}</p> : null}
      <dl className="webhooks__facts">
        <dt>Event</dt>
        <dd>{hook.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}</dd>
        <dt>Gagal berturut-turut</dt>
        <dd>{hook.consecutiveFailures}</dd>
        <dt>Dibuat</dt>
        <dd>{jakartaDateTime(new Date(hook.createdAt))} WIB</dd>
      </dl>
      <div className="webhooks__buttons">
        <Button size="sm" variant="secondary" onClick={onTest} aria-label={`Kirim Tes ke ${hook.url}`}>
          Kirim Tes
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setShowDeliveries(!open)} aria-expanded={open}>
          {open ? 'Sembunyikan kiriman' : 'Lihat kiriman'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setEditing(!editing)} aria-expanded={editing}>
          Edit
        </Button>
        <Button size="sm" variant="ghost" loading={saving && !editing} onClick={() => void toggle()}>
          {hook.enabled ? 'Nonaktifkan' : 'Aktifkan'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Hapus webhook ${hook.url}`}>
          Hapus
        </Button>
      </div>
      {editing ? (
        <form className="webhooks__form webhooks__edit" onSubmit={(event) => void submit(event)} noValidate>
          <TextInput
            label="URL penerima"
            type="url"
            value={url}
            maxLength={MAX_WEBHOOK_URL_LENGTH}
            onChange={(event) => setUrl(event.target.value)}
          />
          <EventCheckboxes value={events} onChange={setEvents} />
          <div className="webhooks__actions">
            <Button type="submit" size="sm" loading={saving}>
              Simpan
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Batal
            </Button>
          </div>
        </form>
      ) : null}
      {open ? <WebhookDeliveries key={testVersion} webhookId={hook.id} /> : null}
    </li>
  );
}
