import type { User } from '@scrapper/contracts/http/users';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Table } from '@scrapper/ui/table';
import type { TableColumn } from '@scrapper/ui/table';

const OWN_ACCOUNT_NOTE = 'Anda tidak dapat menghapus akun Anda sendiri.';

export interface UserTableProps {
  users: User[];
  currentUserId: string | undefined;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UserTable({ users, currentUserId, onEdit, onDelete }: UserTableProps) {
  const columns: TableColumn<User>[] = [
    {
      key: 'username',
      header: 'Username',
      isRowHeader: true,
      render: (user) => (
        <>
          {user.username}
          {user.id === currentUserId ? <span className="muted"> (Anda)</span> : null}
        </>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      render: (user) => (
        <Badge tone={user.role === 'admin' ? 'info' : 'neutral'}>{user.role}</Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Aksi',
      render: (user) => (
        // The names carry the username: a screen reader listing buttons hears 'Edit budi',
        // not seven times 'Edit'.
        <div className="row-actions">
          <Button size="sm" aria-label={`Edit ${user.username}`} onClick={() => onEdit(user)}>
            Edit
          </Button>
          {/* The server refuses to delete your own account: say so before, not after confirming. */}
          <Button
            size="sm"
            variant="danger"
            aria-label={`Hapus ${user.username}`}
            disabled={user.id === currentUserId}
            title={user.id === currentUserId ? OWN_ACCOUNT_NOTE : undefined}
            aria-describedby={user.id === currentUserId ? 'own-account-note' : undefined}
            onClick={() => onDelete(user)}
          >
            Hapus
          </Button>
          {user.id === currentUserId ? (
            <span id="own-account-note" className="ui-visually-hidden">
              {OWN_ACCOUNT_NOTE}
            </span>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <Table
      label="Daftar pengguna"
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      emptyText="Belum ada pengguna."
    />
  );
}
