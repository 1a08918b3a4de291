// Publishing posts (issue 33): create, list, read, cancel a target. The connections are in
// routes/publish-connect (another module).
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import type { AppDeps } from '../../app-deps.ts';
import { defineRoute } from '../../lib/define-route.ts';
import { createPost } from '../../services/publish-posts/create-post.ts';
import { cancelTarget, getPost, listPosts } from '../../services/publish-posts/read-posts.ts';

export function publishPostRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { database, boss, storage, secrets, env } = deps;
  const p = endpoints.publishPosts;
  const createDeps = {
    database,
    boss,
    storage,
    secrets,
    tiktokApiBaseUrl: env.tiktokApiBaseUrl,
    ffmpegPath: env.ffmpegPath,
    ffprobePath: env.ffprobePath,
    tempDir: join(env.dataDir, 'tmp'),
  };
  defineRoute(app, p.createPost, ({ body, user }) => createPost(createDeps, user, body));
  defineRoute(app, p.listPosts, ({ query, user }) => listPosts(database, user, query));
  defineRoute(app, p.getPost, ({ params, user }) => getPost(database, user, params.id));
  defineRoute(app, p.cancelTarget, ({ params, user }) => cancelTarget(database, user, params.id, params.targetId));
}
