// The caller's posts (GET /api/publish/posts, /:id) and cancelling a target that has not
// started sending. Owner-scoped (admins reach any, as with every member resource): another
// member's post is "not found". The list is the caller's own posts, admins included.
import type { SessionUser } from '@scrapper/contracts/http/auth';
import { paginationOf, type PageQuery } from '@scrapper/contracts/common';
import type { Post, PostTarget } from '@scrapper/contracts/http/publish';
import type { Database } from '@scrapper/db/client';
import { cancelQueuedTarget, findPublishPost, listPublishPostsOf } from '@scrapper/db/queries/publish-posts';
import { summarizePublishPostIfDone } from '@scrapper/db/queries/publish-summary';
import { conflict, notFound } from '../../lib/errors.ts';
import { ownerScope } from '../../lib/owner-scope.ts';
import { toPostDto, toTargetDto } from './to-post-dto.ts';

export const POST_NOT_FOUND = 'Postingan tidak ditemukan.';
export const TARGET_NOT_FOUND = 'Tujuan postingan tidak ditemukan.';

export async function listPosts(database: Database, user: SessionUser, query: PageQuery) {
  const { posts, total } = await listPublishPostsOf(database.db, user.id, query);
  return { posts: posts.map(toPostDto), pagination: paginationOf(query, posts.length, total) };
}

export async function getPost(database: Database, user: SessionUser, id: string): Promise<Post> {
  const row = await findPublishPost(database.db, id, ownerScope(user) ?? undefined);
  if (!row) throw notFound(POST_NOT_FOUND);
  return toPostDto(row);
}

export async function cancelTarget(database: Database, user: SessionUser, postId: string, targetId: string): Promise<PostTarget> {
  const post = await findPublishPost(database.db, postId, ownerScope(user) ?? undefined);
  const target = post?.targets.find((t) => t.id === targetId);
  if (!post || !target) throw notFound(TARGET_NOT_FOUND);
  // The cancel and, when it was the last target still to go, the post's summary commit together.
  const cancelled = await database.transaction(async ({ db }) => {
    const row = await cancelQueuedTarget(db, postId, targetId);
    if (row) await summarizePublishPostIfDone(db, post.post);
    return row;
  });
  if (!cancelled) {
    throw conflict('Tujuan ini tidak dapat dibatalkan lagi: pengirimannya sudah dimulai atau sudah selesai.');
  }
  return toTargetDto({ ...cancelled, accountName: target.accountName });
}
