import { publishPostEndpoints } from '@scrapper/contracts/http/publish';
import type { Post, PostTarget } from '@scrapper/contracts/http/publish';
import type { EndpointInput, EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { call } from '@/lib/api-client.ts';

export type CreatePostInput = EndpointInput<typeof publishPostEndpoints.createPost>['body'];
export type CreatedPost = EndpointResponse<typeof publishPostEndpoints.createPost>;

export function createPost(body: CreatePostInput): Promise<CreatedPost> {
  return call(publishPostEndpoints.createPost, { body });
}

/** The member's newest posts with their targets. */
export async function listPosts(signal?: AbortSignal): Promise<Post[]> {
  const { posts } = await call(publishPostEndpoints.listPosts, { query: { limit: 20 }, signal });
  return posts;
}

export function cancelTarget(postId: string, targetId: string): Promise<PostTarget> {
  return call(publishPostEndpoints.cancelTarget, { params: { id: postId, targetId } });
}
