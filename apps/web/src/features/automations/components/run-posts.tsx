import type { Post } from '@scrapper/contracts/http/publish';
import { PUBLISH_PLATFORM_LABELS } from '@scrapper/contracts/rules/publish-destinations';
import { Badge } from '@scrapper/ui/badge';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { TARGET_STATUS_LABELS, targetStatusTone } from '@/lib/publish-status.ts';

/** The posts a run made: one per video, each destination with its status and its time. */
export function RunPosts({ posts }: { posts: readonly Post[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-label="Posting run ini">
      <h3 className="automation-run__title">Posting ke tujuan</h3>
      <ul className="automation-run__uploads">
        {posts.map((post) => {
          const title = post.title ?? post.fileName ?? post.caption;
          return (
            <li key={post.id} className="list-entry">
              <div className="list-entry__body">
                <p className="list-entry__title">{title}</p>
                <ul className="automation-run__targets" aria-label={`Tujuan: ${title}`}>
                  {post.targets.map((target) => {
                    const at = target.scheduledAt ?? post.scheduledAt;
                    return (
                      <li key={target.id}>
                        <span>
                          {PUBLISH_PLATFORM_LABELS[target.platform]}: {target.accountName}
                          {at ? <span className="muted"> · tayang {formatDateTime(at)}</span> : null}
                        </span>{' '}
                        <Badge tone={targetStatusTone(target.status)}>{TARGET_STATUS_LABELS[target.status]}</Badge>
                        {target.status === 'failed' && target.reason ? (
                          <span className="muted"> {target.reason}</span>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
