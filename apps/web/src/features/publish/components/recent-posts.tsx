import type { Post, PostTarget } from '@scrapper/contracts/http/publish';
import { PUBLISH_PLATFORM_LABELS } from '@scrapper/contracts/rules/publish-destinations';
import { Alert } from '@scrapper/ui/alert';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { ErrorDetail } from '@scrapper/ui/error-detail';
import { useState } from 'react';
import { ListState } from '@/components/list-state.tsx';
import type { Resource } from '@/hooks/use-resource.ts';
import { errorMessage } from '@/lib/api-error.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { TARGET_STATUS_LABELS, targetStatusTone } from '@/lib/publish-status.ts';
import { cancelTarget } from '../api.ts';
import { PUBLISH_TEXT } from '../utils/publish-text.ts';

export interface RecentPostsProps {
  posts: Resource<Post[]>;
}

function TargetRow({
  post,
  target,
  onCancelled,
}: {
  post: Post;
  target: PostTarget;
  onCancelled: () => void;
}) {
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const platform = PUBLISH_PLATFORM_LABELS[target.platform];

  async function cancel() {
    setCancelling(true);
    setError(null);
    try {
      await cancelTarget(post.id, target.id);
      onCancelled();
    } catch (caught) {
      setError(errorMessage(caught, PUBLISH_TEXT.cancelFailed));
    } finally {
      setCancelling(false);
    }
  }

  return (
    <li className="publish-target">
      <div className="publish-target__body">
        <p className="publish-target__name">
          {platform}: {target.accountName}
          {target.mode === 'inbox' ? <span className="muted"> (draf kotak masuk)</span> : null}
          {target.mode === 'direct' ? <span className="muted"> (posting langsung)</span> : null}
        </p>
        {target.status === 'failed' && target.reason ? (
          <div className="publish-target__error">
            <ErrorDetail message={target.reason} detail={target.detail} />
          </div>
        ) : null}
        {error ? (
          <p className="publish-target__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="publish-target__side">
        <Badge tone={targetStatusTone(target.status)}>{TARGET_STATUS_LABELS[target.status]}</Badge>
        {target.converted ? <Badge tone="neutral">Dikonversi</Badge> : null}
        {target.link ? (
          <a
            href={target.link}
            target="_blank"
            rel="noreferrer"
            aria-label={`Buka di ${platform}: ${target.accountName}`}
          >
            Buka di {platform}
          </a>
        ) : null}
        {target.status === 'queued' ? (
          <Button
            size="sm"
            onClick={() => void cancel()}
            loading={cancelling}
            aria-label={`Batalkan ${platform}: ${target.accountName}`}
          >
            Batalkan
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** "Posting terakhir": each post's targets with their status, link, conversion and failure. */
export function RecentPosts({ posts }: RecentPostsProps) {
  return (
    <Card title="Posting terakhir">
      <ListState
        list={posts}
        loadingLabel="Memuat posting..."
        failed={PUBLISH_TEXT.postsFailed}
        empty="Belum ada posting."
      >
        <ul className="publish-posts" aria-label="Posting terakhir">
          {posts.data.map((post) => (
            <li key={post.id} className="publish-post">
              <p className="publish-post__title">
                {post.title || post.fileName || '(tanpa judul)'}
              </p>
              <p className="muted publish-post__meta">
                {post.scheduledAt
                  ? `Dijadwalkan ${formatDateTime(post.scheduledAt)}`
                  : `Dibuat ${formatDateTime(post.createdAt)}`}
                {post.fileName ? ` · File: ${post.fileName}` : ''}
              </p>
              {post.caption ? <p className="publish-post__caption">{post.caption}</p> : null}
              <ul
                className="publish-targets"
                aria-label={`Tujuan posting ${post.fileName ?? ''}`.trim()}
              >
                {post.targets.map((target) => (
                  <TargetRow
                    key={target.id}
                    post={post}
                    target={target}
                    onCancelled={posts.reload}
                  />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </ListState>
      {posts.status === 'error' && posts.data.length > 0 ? (
        <Alert tone="warning">{PUBLISH_TEXT.postsFailed}</Alert>
      ) : null}
    </Card>
  );
}
