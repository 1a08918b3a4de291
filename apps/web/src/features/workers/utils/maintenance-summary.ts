import type {
  MaintenanceResult,
  MaintenanceRun,
  MaintenanceTrigger,
} from '@scrapper/contracts/http/system';
import { formatBytes } from '@scrapper/contracts/http/files';

export const TRIGGER_LABELS: Record<MaintenanceTrigger, string> = {
  schedule: 'Terjadwal (tiap 15 menit)',
  start: 'Saat worker mulai',
  admin: 'Dijalankan admin',
};

export const STATUS_LABELS: Record<MaintenanceRun['status'], string> = {
  queued: 'Menunggu worker',
  running: 'Sedang berjalan',
  completed: 'Selesai',
  failed: 'Gagal',
};

export interface RemovedLine {
  label: string;
  value: string;
}

/** What one run removed, one line per kind, in words an admin reads at a glance. */
export function removedLines(result: MaintenanceResult): RemovedLine[] {
  const withBytes = (count: number, bytes: number) =>
    count > 0 ? `${count} (${formatBytes(bytes)})` : '0';
  return [
    {
      label: 'Preview kedaluwarsa',
      value: withBytes(result.expiredPreviewsRemoved, result.previewBytesFreed),
    },
    {
      label: 'Folder sementara job',
      value: withBytes(result.tempFoldersRemoved, result.tempBytesFreed),
    },
    { label: 'OAuth state kedaluwarsa', value: String(result.expiredOAuthStatesRemoved) },
    { label: 'File akun terhapus', value: String(result.deletedAccountsCleared) },
    { label: 'Catatan login lama', value: String(result.expiredLoginAttemptsRemoved) },
    { label: 'Worker mati', value: String(result.staleWorkersRemoved) },
  ];
}
