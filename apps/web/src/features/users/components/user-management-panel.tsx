import type { User } from '@scrapper/contracts/http/users';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Icon } from '@scrapper/ui/icon';
import { useEffect, useRef, useState } from 'react';
import { ConfirmRemoveDialog } from '@/components/confirm-remove-dialog.tsx';
import { LoadState } from '@/components/load-state.tsx';
import { useConfirmAction } from '@/hooks/use-confirm-action.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { deleteUser } from '../api.ts';
import { useUsers } from '../hooks/use-users.ts';
import { UserFormModal } from './user-form-modal.tsx';
import { UserTable } from './user-table.tsx';

type FormState = { mode: 'create' } | { mode: 'edit'; user: User } | null;

/** Admin tab 'Manajemen Pengguna': list, add, edit and delete accounts. */
export function UserManagementPanel() {
  const { users, status, reload, upsert, remove } = useUsers();
  const currentUserId = useSessionStore((state) => state.user?.id);
  const showToast = useToastStore((state) => state.show);
  const [form, setForm] = useState<FormState>(null);
  const removal = useConfirmAction<User>(
    async (user) => {
      await deleteUser(user.id);
      remove(user.id);
      setDeletedCount((n) => n + 1);
      showToast('success', 'Pengguna berhasil dihapus.');
    },
    { failure: 'Gagal menghapus pengguna.' },
  );
  const [deletedCount, setDeletedCount] = useState(0);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  // The Hapus button that opened the dialog is gone with its row, so focus would fall to
  // <body>; put it on the add button instead, a stable place near the table.
  useEffect(() => {
    if (deletedCount > 0) addButtonRef.current?.focus();
  }, [deletedCount]);

  function handleSaved(user: User, mode: 'create' | 'edit') {
    upsert(user);
    setForm(null);
    showToast(
      'success',
      mode === 'edit' ? 'Pengguna berhasil diperbarui.' : 'Pengguna berhasil dibuat.',
    );
  }

  return (
    <Card
      title="Manajemen Pengguna"
      actions={
        <Button ref={addButtonRef} variant="primary" onClick={() => setForm({ mode: 'create' })}>
          <Icon name="plus" size={18} />
          Tambah User Baru
        </Button>
      }
    >
      <LoadState
        loading={status === 'loading'}
        error={status === 'error' ? 'Gagal memuat pengguna.' : null}
        onRetry={reload}
      />
      {status === 'ready' ? (
        <UserTable
          users={users}
          currentUserId={currentUserId}
          onEdit={(user) => setForm({ mode: 'edit', user })}
          onDelete={removal.ask}
        />
      ) : null}

      {form ? (
        <UserFormModal
          user={form.mode === 'edit' ? form.user : undefined}
          onClose={() => setForm(null)}
          onSaved={handleSaved}
        />
      ) : null}

      <ConfirmRemoveDialog
        action={removal}
        title="Hapus Pengguna"
        message="Apakah Anda yakin ingin menghapus pengguna ini?"
        confirmLabel="Hapus"
        subject={(user) => ({ label: 'Pengguna', name: user.username })}
      />
    </Card>
  );
}
