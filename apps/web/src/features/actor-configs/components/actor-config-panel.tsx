import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { ConfirmDialog } from '@scrapper/ui/confirm-dialog';
import { Icon } from '@scrapper/ui/icon';
import { useRef, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { LoadState } from '@/components/load-state.tsx';
import { signalActorConfigRefresh } from '@/lib/actor-config-refresh.ts';
import { errorMessage } from '@/lib/api-error.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { cloneActorConfig, saveActorConfigs, toggleActorConfig } from '../api.ts';
import { useActorConfigs } from '../hooks/use-actor-configs.ts';
import { withActor, withoutActor } from '../utils/actor-form.ts';
import { ActorConfigTable } from './actor-config-table.tsx';
import { ActorFormModal } from './actor-form-modal.tsx';
import { CodeGeneratorModal } from './code-generator-modal.tsx';
import './actor-configs.css';

type FormState = { mode: 'create' } | { mode: 'edit'; actor: ActorConfig } | null;
type ConfirmState = { kind: 'clone' | 'delete'; actor: ActorConfig } | null;

/** Admin tab 'Konfigurasi Aktor': the actor table, its actions and the editor. */
export function ActorConfigPanel() {
  const { configs, status, reload, setConfigs, replace } = useActorConfigs();
  const showToast = useToastStore((state) => state.show);
  const [form, setForm] = useState<FormState>(null);
  const [generating, setGenerating] = useState<ActorConfig | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [toggling, setToggling] = useState<ReadonlySet<string>>(new Set());
  const addButtonRef = useRef<HTMLButtonElement>(null);

  async function save(actor: ActorConfig, mode: 'create' | 'edit') {
    const saved = await saveActorConfigs(withActor(configs, actor));
    setConfigs(saved);
    setForm(null);
    showToast(
      'success',
      mode === 'edit' ? 'Aktor berhasil diperbarui.' : 'Aktor baru berhasil ditambahkan.',
    );
  }

  async function toggle(config: ActorConfig, isActive: boolean) {
    setActionError(null);
    setToggling((current) => new Set(current).add(config.platformId));
    try {
      replace(await toggleActorConfig(config.platformId, isActive));
    } catch (error) {
      setActionError(errorMessage(error, 'Gagal mengubah status aktif aktor.'));
    } finally {
      setToggling((current) => {
        const next = new Set(current);
        next.delete(config.platformId);
        return next;
      });
    }
  }

  function refreshDownloader() {
    signalActorConfigRefresh();
    showToast('success', 'Downloader akan memuat ulang konfigurasi aktor.');
  }

  function ask(kind: 'clone' | 'delete', actor: ActorConfig) {
    setConfirmError(null);
    setConfirm({ kind, actor });
  }

  async function confirmAction() {
    if (!confirm) return;
    const { kind, actor } = confirm;
    setConfirmBusy(true);
    setConfirmError(null);
    try {
      if (kind === 'clone') {
        const copy = await cloneActorConfig(actor.platformId);
        replace(copy);
        showToast('success', `Aktor berhasil dikloning sebagai ${copy.platformId}.`);
      } else {
        setConfigs(await saveActorConfigs(withoutActor(configs, actor.platformId)));
        showToast('success', 'Aktor berhasil dihapus.');
        // The row (and its Delete button, the dialog's opener) is gone.
        addButtonRef.current?.focus();
      }
      setConfirm(null);
    } catch (error) {
      setConfirmError(
        errorMessage(
          error,
          kind === 'clone' ? 'Gagal mengkloning aktor.' : 'Gagal menyimpan konfigurasi.',
        ),
      );
    } finally {
      setConfirmBusy(false);
    }
  }

  return (
    <Card
      title="Konfigurasi Aktor"
      actions={
        <>
          <Button onClick={refreshDownloader} disabled={status !== 'ready'}>
            Refresh Downloader
          </Button>
          <Button
            ref={addButtonRef}
            variant="primary"
            onClick={() => setForm({ mode: 'create' })}
            disabled={status !== 'ready'}
          >
            <Icon name="plus" size={18} />
            Tambah Aktor
          </Button>
        </>
      }
    >
      <LoadState
        loading={status === 'loading'}
        error={status === 'error' ? 'Gagal memuat konfigurasi Apify.' : null}
        onRetry={reload}
      />
      <ErrorAlert error={actionError} onDismiss={() => setActionError(null)} />
      {status === 'ready' ? (
        <ActorConfigTable
          configs={configs}
          togglingIds={toggling}
          onToggle={(config, isActive) => void toggle(config, isActive)}
          onEdit={(actor) => setForm({ mode: 'edit', actor })}
          onGenerate={setGenerating}
          onClone={(actor) => ask('clone', actor)}
          onDelete={(actor) => ask('delete', actor)}
        />
      ) : null}

      {form ? (
        <ActorFormModal
          actor={form.mode === 'edit' ? form.actor : undefined}
          existingIds={configs.map((c) => c.platformId)}
          onClose={() => setForm(null)}
          onSave={save}
        />
      ) : null}
      {generating ? (
        <CodeGeneratorModal actor={generating} onClose={() => setGenerating(null)} />
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'clone' ? 'Clone Aktor' : 'Hapus Aktor'}
        message={
          confirm?.kind === 'clone'
            ? 'Apakah Anda yakin ingin mengkloning aktor ini? Salinannya disimpan dengan Platform ID baru.'
            : 'Apakah Anda yakin ingin menghapus aktor ini?'
        }
        confirmLabel={confirm?.kind === 'clone' ? 'Clone' : 'Hapus'}
        tone={confirm?.kind === 'clone' ? 'primary' : 'danger'}
        loading={confirmBusy}
        onConfirm={() => void confirmAction()}
        onCancel={() => setConfirm(null)}
      >
        {confirm ? (
          <p className="muted">
            Aktor: <strong>{confirm.actor.displayName}</strong> ({confirm.actor.platformId})
          </p>
        ) : null}
        {confirmError ? <Alert tone="danger">{confirmError}</Alert> : null}
      </ConfirmDialog>
    </Card>
  );
}
