import type { Post } from '@scrapper/contracts/http/publish';
import { FINAL_TARGET_STATUSES } from '@scrapper/contracts/http/publish';
import { useSearchParams } from 'react-router';
import { usePublishAccounts } from '@/hooks/use-publish-accounts.ts';
import { useResource } from '@/hooks/use-resource.ts';
import { listAppOptions, listPosts } from '../api.ts';
import type { AppOption } from '../api.ts';
import { Composer } from './composer.tsx';
import { ConnectionsPanel } from './connections-panel.tsx';
import { RecentPosts } from './recent-posts.tsx';
import './publish.css';

/** How often "Posting terakhir" is read while a target is still on its way. */
export const POSTS_POLL_MS = 3000;

const NO_APPS: AppOption[] = [];
const NO_POSTS: Post[] = [];

export function postsRefreshMs(posts: readonly Post[]): number | null {
  return posts.some((post) =>
    post.targets.some((target) => !FINAL_TARGET_STATUSES.has(target.status)),
  )
    ? POSTS_POLL_MS
    : null;
}

/** "Publikasikan": destinations, the composer and the latest posts (issue 33). */
export function PublishPage() {
  const [searchParams] = useSearchParams();
  const requestedFileId = searchParams.get('file');
  const accounts = usePublishAccounts();
  const apps = useResource(listAppOptions, NO_APPS);
  const posts = useResource(listPosts, NO_POSTS, { refreshMs: postsRefreshMs, events: ['publish'] });

  return (
    <div className="publish-page">
      <ConnectionsPanel accounts={accounts} apps={apps} />
      <Composer
        key={requestedFileId ?? ''}
        accounts={accounts.data}
        posts={posts.data}
        requestedFileId={requestedFileId}
        onCreated={posts.reload}
      />
      <RecentPosts posts={posts} />
    </div>
  );
}
