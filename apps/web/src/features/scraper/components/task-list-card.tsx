import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import type { DashboardTask } from '../utils/dashboard-task.ts';
import { TaskItem } from './task-item.tsx';

export interface TaskListCardProps {
  tasks: DashboardTask[];
  selectedId: string | null;
  busyIds: ReadonlySet<string>;
  showOwner: boolean;
  /** Finished tasks on the server beyond those listed, and whether a page more can be asked for. */
  history: { remaining: number; hasMore: boolean; loading: boolean };
  onLoadMore: () => void;
  onShowLogs: (id: string) => void;
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
  onDelete: (id: string) => void;
}

export function TaskListCard({
  tasks,
  selectedId,
  busyIds,
  showOwner,
  history,
  onLoadMore,
  onShowLogs,
  onCancel,
  onRetry,
  onDelete,
}: TaskListCardProps) {
  return (
    <Card title={`Daftar Tugas (${tasks.length + history.remaining})`} className="dashboard__tasks">
      {tasks.length === 0 ? (
        <p className="muted">Belum ada tugas scraping.</p>
      ) : (
        <ul className="task-list" aria-label="Tugas scraping">
          {tasks.map((task) => (
            <TaskItem
              key={task.id}
              task={task}
              showOwner={showOwner}
              selected={task.id === selectedId}
              busy={busyIds.has(task.id)}
              onShowLogs={() => onShowLogs(task.id)}
              onCancel={() => onCancel(task.id)}
              onRetry={() => onRetry(task.id)}
              onDelete={() => onDelete(task.id)}
            />
          ))}
        </ul>
      )}
      {history.hasMore ? (
        <div className="list-more">
          <p className="muted">
            Menampilkan {tasks.length} dari {tasks.length + history.remaining} tugas.
          </p>
          <Button onClick={onLoadMore} loading={history.loading}>
            Muat lagi
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
