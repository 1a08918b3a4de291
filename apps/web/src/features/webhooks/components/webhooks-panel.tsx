import {
  MAX_WEBHOOK_URL_LENGTH,
  MAX_WEBHOOKS_PER_MEMBER,
  type Webhook,
  type WebhookEvent,
} from '@scrapper/contracts/http/me-webhooks';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { TextInput } from '@scrapper/ui/text-input';
import { useState, type FormEvent } from 'react';
import { ConfirmRemoveDialog } from '@/components/confirm-remove-dialog.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListState } from '@/components/list-state.tsx';
import { useConfirmAction } from '@/hooks/use-confirm-action.ts';
import { useResource } from '@/hooks/use-resource.ts';
import { errorMessage } from '@/lib/api-error.ts';
import { createWebhook, deleteWebhook, listWebhooks, sendTestWebhook, updateWebhook } from '../api.ts';
import { EventCheckboxes } from './event-checkboxes.tsx';
import { WebhookItem } from './webhook-item.tsx';
import { WebhookSecret } from './webhook-secret.tsx';

/** The member's webhooks: the create form, the secret shown once, the list with its actions. */
export function WebhooksPanel() {
  const {
    data: hooks,
    setData: setHooks,
    status,
    reload,
  } = useResource<Webhook[]>(listWebhooks, []);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const removal = useConfirmAction<Webhook>(
    async (hook) => {
      setError(null);
      await deleteWebhook(hook.id);
      setHooks((current) => current.filter((h) => h.id !== hook.id));
    },
    { failure: 'Gagal menghapus webhook.', closeOnFailure: true },
  );
  /** Bumped per webhook by "Kirim Tes": its deliveries table loads again. */
  const [tests, setTests] = useState<Record<string, number>>({});

  async function handleCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const trimmed = url.trim();
    setUrlError(trimmed ? null : 'URL webhook wajib diisi.');
    setEventsError(events.length > 0 ? null : 'Pilih minimal satu event.');
    if (!trimmed || events.length === 0) return;
    setSaving(true);
    setError(null);
    try {
      const answer = await createWebhook({ url: trimmed, events });
      const { secret, ...hook } = answer;
      setCreated({ url: hook.url, secret });
      setHooks((current) => [...current, hook]);
      setUrl('');
      setEvents([]);
    } catch (caught) {
      setError(errorMessage(caught, 'Gagal membuat webhook.'));
    } finally {
      setSaving(false);
    }
  }

  const replace = (next: Webhook) =>
    setHooks((current) => current.map((h) => (h.id === next.id ? next : h)));

  async function save(
    hook: Webhook,
    patch: { url?: string; events?: WebhookEvent[]; enabled?: boolean },
  ): Promise<boolean> {
    setError(null);
    try {
      replace(await updateWebhook(hook.id, patch));
      return true;
    } catch (caught) {
      setError(errorMessage(caught, 'Gagal menyimpan webhook.'));
      return false;
    }
  }

  async function test(hook: Webhook) {
    setError(null);
    setNotice(null);
    try {
      await sendTestWebhook(hook.id);
      setNotice(`Kiriman tes ke ${hook.url} masuk antrean.`);
      setTests((current) => ({ ...current, [hook.id]: (current[hook.id] ?? 0) + 1 }));
    } catch (caught) {
      setError(errorMessage(caught, 'Gagal mengirim tes.'));
    }
  }

  return (
    <>
      <Card title="Tambah webhook">
        <form className="webhooks__form" onSubmit={(event) => void handleCreate(event)} noValidate>
          <TextInput
            label="URL penerima"
            hint="Alamat https:// yang menerima kiriman POST berisi JSON, misalnya dari n8n, Make atau server Anda."
            type="url"
            inputMode="url"
            placeholder="https://contoh.com/webhook/scrapper"
            value={url}
            maxLength={MAX_WEBHOOK_URL_LENGTH}
            required
            error={urlError ?? undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
          <EventCheckboxes value={events} onChange={setEvents} error={eventsError} />
          <div className="webhooks__actions">
            <Button type="submit" loading={saving}>
              Tambah webhook
            </Button>
          </div>
        </form>
        {created ? (
          <WebhookSecret
            url={created.url}
            secret={created.secret}
            onDone={() => setCreated(null)}
          />
        ) : null}
      </Card>
      <Card title="Webhook saya">
        <ErrorAlert
          error={error ?? removal.error}
          onDismiss={() => {
            setError(null);
            removal.setError(null);
          }}
        />
        {notice ? (
          <Alert tone="info" onDismiss={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}
        <ListState
          list={{ status, data: hooks, reload }}
          failed="Gagal memuat webhook Anda."
          empty="Belum ada webhook. Tambahkan satu di atas agar alat Anda diberi tahu saat pekerjaan selesai."
        >
          <ul className="webhooks__list" aria-label="Webhook saya">
            {hooks.map((hook) => (
              <WebhookItem
                key={hook.id}
                hook={hook}
                testVersion={tests[hook.id] ?? 0}
                onSave={(patch) => save(hook, patch)}
                onTest={() => void test(hook)}
                onDelete={() => removal.ask(hook)}
              />
            ))}
          </ul>
        </ListState>
        <p className="muted webhooks__limit">
          Paling banyak {MAX_WEBHOOKS_PER_MEMBER} webhook per akun. Kiriman yang gagal dicoba lagi
          sampai 6 kali dalam sekitar satu jam; webhook yang gagal 20 kali berturut-turut
          dinonaktifkan dan Anda diberi tahu.
        </p>
      </Card>
      <ConfirmRemoveDialog
        action={removal}
        title="Hapus webhook"
        message={`Hapus webhook ke ${removal.target?.url ?? ''}? Kiriman yang belum terkirim dibatalkan dan riwayat kirimannya ikut terhapus.`}
        confirmLabel="Hapus"
      />
    </>
  );
}
