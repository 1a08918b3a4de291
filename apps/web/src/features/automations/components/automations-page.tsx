import type { Automation } from '@scrapper/contracts/http/automations';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { ConfirmDialog } from '@scrapper/ui/confirm-dialog';
import { Icon } from '@scrapper/ui/icon';
import { Spinner } from '@scrapper/ui/spinner';
import { useRef, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { LoadState } from '@/components/load-state.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { usePlatformConfigs } from '@/hooks/use-platform-configs.ts';
import { usePublishAccounts } from '@/hooks/use-publish-accounts.ts';
import { errorMessage } from '@/lib/api-error.ts';
import { withMember } from '@/lib/set-member.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import {
  deleteAutomation,
  pauseAutomation,
  resumeAutomation,
  runAutomation,
} from '../api.ts';
import { useAutomations } from '../hooks/use-automations.ts';
import { AutomationForm } from './automation-form.tsx';
import { AutomationItem } from './automation-item.tsx';
import type { AutomationAction } from './automation-item.tsx';
import { RunPanel } from './run-panel.tsx';
import './automations.css';

type FormState = { mode: 'create' } | { mode: 'edit'; automation: Automation } | null;
interface RunsState {
  automationId: string;
  runId: string | null;
}

/** Page "Otomasi" (issue 19): the automations, their form, and what their runs did. */

export function AutomationsPage() {
  const { automations, status, reload, upsert, remove } = useAutomations();
  const { platforms, status: platformStatus } = usePlatformConfigs();
  const accounts = usePublishAccounts();
  const isAdmin = useSessionStore((state) => state.user?.role === 'admin');
  const showToast = useToastStore((state) => state.show);
  const [form, setForm] = useState<FormState>(null);
  const [runs, setRuns] = useState<RunsState | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [actionError, setActionError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Automation | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const createRef = useRef<HTMLButtonElement>(null);

  function setBusy(id: string, busy: boolean) {
    setBusyIds((current) => withMember(current, id, busy));
  }

  async function runNow(automation: Automation) {
    setBusy(automation.id, true);
    try {
      const runId = await runAutomation(automation.id);
      setRuns({ automationId: automation.id, runId });
      showToast('success', `Otomasi "${automation.name}" mulai berjalan.`);
      reload();
    } catch (error) {
      setActionError(errorMessage(error, 'Gagal menjalankan otomasi.'));
    } finally {
      setBusy(automation.id, false);
    }
  }

  async function togglePause(automation: Automation, pause: boolean) {
    setBusy(automation.id, true);
    try {
      const saved = pause
        ? await pauseAutomation(automation.id)
        : await resumeAutomation(automation.id);
      upsert(saved);
      showToast('success', pause ? 'Otomasi dijeda.' : 'Otomasi dilanjutkan.');
    } catch (error) {
      setActionError(
        errorMessage(error, pause ? 'Gagal menjeda otomasi.' : 'Gagal melanjutkan otomasi.'),
      );
    } finally {
      setBusy(automation.id, false);
    }
  }

  function handleAction(action: AutomationAction, automation: Automation) {
    setActionError(null);
    switch (action) {
      case 'run':
        void runNow(automation);
        return;
      case 'pause':
      case 'resume':
        void togglePause(automation, action === 'pause');
        return;
      case 'edit':
        setForm({ mode: 'edit', automation });
        window.scrollTo({ top: 0 });
        return;
      case 'runs':
        setRuns({ automationId: automation.id, runId: null });
        return;
      case 'delete':
        setDeleteError(null);
        setDeleting(automation);
        return;
    }
  }

  function handleSaved(automation: Automation, mode: 'create' | 'edit') {
    upsert(automation);
    setForm(null);
    showToast('success', mode === 'edit' ? 'Otomasi disimpan.' : 'Otomasi dibuat dan aktif.');
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await deleteAutomation(deleting.id);
      remove(deleting.id);
      if (runs?.automationId === deleting.id) setRuns(null);
      setDeleting(null);
      showToast('success', 'Otomasi dihapus.');
      createRef.current?.focus();
    } catch (error) {
      setDeleteError(errorMessage(error, 'Gagal menghapus otomasi.'));
    } finally {
      setDeleteBusy(false);
    }
  }

  const runsOf = runs ? automations.find((a) => a.id === runs.automationId) : undefined;

  return (
    <div className="automations">
      <PageHeader
        title="Otomasi"
        description="Scrape sumber yang sama sesuai jadwal, saring hasilnya, unduh video baru, dan publikasikan ke YouTube, TikTok, Instagram, atau Facebook sesuai slot, tanpa perlu membuka Scrapper."
        actions={
          <Button
            ref={createRef}
            variant="primary"
            disabled={form !== null}
            onClick={() => setForm({ mode: 'create' })}
          >
            <Icon name="plus" size={18} />
            Buat Otomasi
          </Button>
        }
      />
      {form ? (
        platformStatus === 'loading' ? (
          <Spinner label="Memuat platform..." showLabel />
        ) : (
          <AutomationForm
            key={form.mode === 'edit' ? form.automation.id : 'new'}
            platforms={platforms}
            automation={form.mode === 'edit' ? form.automation : undefined}
            onCancel={() => setForm(null)}
            onSaved={handleSaved}
          />
        )
      ) : null}
      {runs && runsOf ? (
        <RunPanel
          key={`${runs.automationId}-${runs.runId ?? 'newest'}`}
          automation={runsOf}
          runId={runs.runId}
          onClose={() => setRuns(null)}
        />
      ) : null}
      <Card title={isAdmin ? 'Semua otomasi' : 'Otomasi saya'}>
        <ErrorAlert error={actionError} onDismiss={() => setActionError(null)} />
        <LoadState
          loading={status === 'loading' && automations.length === 0}
          loadingLabel="Memuat otomasi..."
          error={status === 'error' ? 'Gagal memuat otomasi.' : null}
          onRetry={reload}
        />
        {status !== 'loading' && automations.length === 0 ? (
          <p className="muted">
            Belum ada otomasi. Pilih &quot;Buat Otomasi&quot; untuk mulai: sumber, jadwal, filter,
            lalu unduh dan upload otomatis.
          </p>
        ) : null}
        {automations.length > 0 ? (
          <ul className="automation-list">
            {automations.map((automation) => (
              <AutomationItem
                key={automation.id}
                automation={automation}
                showOwner={isAdmin}
                busy={busyIds.has(automation.id)}
                accounts={accounts.data}
                onAction={handleAction}
              />
            ))}
          </ul>
        ) : null}
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        title="Hapus Otomasi"
        message="Otomasi ini dan riwayat run-nya akan dihapus. Video yang sudah diunduh dan upload YouTube yang sudah dibuat tetap ada."
        confirmLabel="Hapus"
        tone="danger"
        loading={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? (
          <p className="muted">
            Otomasi: <strong>{deleting.name}</strong>
          </p>
        ) : null}
        {deleteError ? <Alert tone="danger">{deleteError}</Alert> : null}
      </ConfirmDialog>
    </div>
  );
}
