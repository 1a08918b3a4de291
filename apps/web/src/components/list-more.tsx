import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';

export interface ListMoreProps {
  /** What is shown of what, e.g. "Menampilkan 100 dari 6.001 file." (announced politely). */
  summary: string;
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  moreFailedText: string;
  onLoadMore: () => void;
}

/** The foot of a paged list: how much is shown, and 'Muat Lebih Banyak' while more is left. */
export function ListMore({ summary, hasMore, loadingMore, moreFailed, moreFailedText, onLoadMore }: ListMoreProps) {
  return (
    <div className="list-more">
      <p className="muted" role="status">
        {summary}
      </p>
      {moreFailed ? <Alert tone="danger">{moreFailedText}</Alert> : null}
      {hasMore ? (
        <Button onClick={onLoadMore} loading={loadingMore}>
          Muat Lebih Banyak
        </Button>
      ) : null}
    </div>
  );
}
