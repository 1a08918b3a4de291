import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { Button } from '@scrapper/ui/button';
import { Switch } from '@scrapper/ui/switch';
import { Table } from '@scrapper/ui/table';
import type { TableColumn } from '@scrapper/ui/table';

export interface ActorConfigTableProps {
  configs: ActorConfig[];
  togglingIds: ReadonlySet<string>;
  onToggle: (config: ActorConfig, isActive: boolean) => void;
  onEdit: (config: ActorConfig) => void;
  onGenerate: (config: ActorConfig) => void;
  onClone: (config: ActorConfig) => void;
  onDelete: (config: ActorConfig) => void;
}

export function ActorConfigTable({
  configs,
  togglingIds,
  onToggle,
  onEdit,
  onGenerate,
  onClone,
  onDelete,
}: ActorConfigTableProps) {
  const columns: TableColumn<ActorConfig>[] = [
    {
      key: 'platformId',
      header: 'Platform ID',
      isRowHeader: true,
      render: (config) => config.platformId,
    },
    { key: 'displayName', header: 'Display Name', render: (config) => config.displayName },
    {
      key: 'actorId',
      header: 'Actor ID',
      render: (config) => <code className="actor-id">{config.actorId}</code>,
    },
    {
      key: 'status',
      header: 'Status',
      render: (config) => (
        <Switch
          label={`Status aktif ${config.platformId}`}
          hideLabel
          checked={config.isActive}
          busy={togglingIds.has(config.platformId)}
          stateLabels={{ on: 'Aktif', off: 'Nonaktif' }}
          onCheckedChange={(checked) => onToggle(config, checked)}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (config) => (
        <div className="row-actions row-actions--wrap">
          <Button size="sm" aria-label={`Edit ${config.platformId}`} onClick={() => onEdit(config)}>
            Edit
          </Button>
          <Button
            size="sm"
            aria-label={`Generate Code ${config.platformId}`}
            onClick={() => onGenerate(config)}
          >
            Generate Code
          </Button>
          <Button
            size="sm"
            aria-label={`Clone ${config.platformId}`}
            onClick={() => onClone(config)}
          >
            Clone
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={`Delete ${config.platformId}`}
            onClick={() => onDelete(config)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];
  return (
    <Table
      label="Daftar konfigurasi aktor"
      columns={columns}
      rows={configs}
      rowKey={(config) => config.platformId}
      emptyText="Belum ada konfigurasi aktor."
    />
  );
}
