import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from './app-deps.ts';
import { loggerOptions } from './lib/request-log.ts';
import { accessPlugin } from './plugins/access.ts';
import { cacheControlPlugin } from './plugins/cache-control.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { DOCS_PREFIX, openApiPlugin } from './plugins/openapi.ts';
import { genRequestId, requestIdPlugin } from './plugins/request-id.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { withYtDlpGuard } from './plugins/yt-dlp-guard.ts';
import { actorConfigRoutes } from './routes/actor-configs/index.ts';
import { analyticsRoutes } from './routes/analytics/index.ts';
import { authRoutes } from './routes/auth/index.ts';
import { codegenRoutes } from './routes/codegen/index.ts';
import { cookieRoutes } from './routes/cookies/index.ts';
import { rateLimitRoutes } from './routes/rate-limits/index.ts';
import { dataDeletionRoutes } from './routes/data-deletion/index.ts';
import { setupRoutes } from './routes/setup/index.ts';
import { apiKeyRoutes } from './routes/keys/index.ts';
import { mediaRoutes } from './routes/media/index.ts';
import { meProfileRoutes } from './routes/me-profile/index.ts';
import { meCookieRoutes } from './routes/me-cookies/index.ts';
import { meTokenRoutes } from './routes/me-tokens/index.ts';
import { meWebhookRoutes } from './routes/me-webhooks/index.ts';
import { notificationRoutes } from './routes/notifications/index.ts';
import { eventRoutes } from './routes/events/index.ts';
import { publishPostRoutes } from './routes/publish-posts/index.ts';
import { automationRoutes } from './routes/automations/index.ts';
import { scrapeRoutes } from './routes/scrape/index.ts';
import { systemRoutes } from './routes/system/index.ts';
import { toolRoutes } from './routes/tools/index.ts';
import { userRoutes } from './routes/users/index.ts';
import { webRoutes } from './routes/web/index.ts';
import { youtubeFormRoutes, youtubeRoutes } from './routes/youtube/index.ts';
import { publishConnectRoutes } from './routes/publish-connect/index.ts';

// Validation messages in the product's language.
z.config(z.locales.id());

/** Builds the app: external plugins, then ours, then routes. `server.ts` owns listen/close. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps),
    bodyLimit: deps.env.bodyLimitBytes,
    // A plain boolean for the overloads (they pick the http server from the options' types);
    // the value itself is the list, count or flag TRUST_PROXY gave (env.ts), which Fastify takes.
    trustProxy: deps.env.trustProxy as boolean,
    // Ids that mean something outside this process (X-Request-Id, or a UUID), not Fastify's
    // per-process counter: they travel into the jobs a request enqueues (plugins/request-id.ts).
    requestIdHeader: false,
    genReqId: genRequestId,
    // Errors before routing (a 5,000-character id) answer the one error body too.
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The same headers on every answer (errors and not-found included), set before anything else.
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(cacheControlPlugin, { cacheablePrefixes: [DOCS_PREFIX] });
  await app.register(metricsPlugin);
  await app.register(accessPlugin, {
    db: deps.database.db,
    jwtSecret: deps.env.jwtSecret,
    publicPrefixes: [DOCS_PREFIX],
    apiTokenRateLimitPerMinute: deps.env.apiTokenRateLimitPerMinute,
  });
  await app.register(openApiPlugin);

  const routeDeps = await withYtDlpGuard(app, deps);
  authRoutes(app, routeDeps);
  userRoutes(app, routeDeps);
  systemRoutes(app, routeDeps);
  toolRoutes(app, routeDeps);
  actorConfigRoutes(app, routeDeps);
  cookieRoutes(app, routeDeps);
  meCookieRoutes(app, routeDeps);
  meProfileRoutes(app, routeDeps);
  meTokenRoutes(app, routeDeps);
  meWebhookRoutes(app, routeDeps);
  rateLimitRoutes(app, routeDeps);
  apiKeyRoutes(app, routeDeps);
  scrapeRoutes(app, routeDeps);
  mediaRoutes(app, routeDeps);
  notificationRoutes(app, routeDeps);
  eventRoutes(app, routeDeps);
  automationRoutes(app, routeDeps);
  analyticsRoutes(app, routeDeps);
  dataDeletionRoutes(app, routeDeps);
  setupRoutes(app, routeDeps);
  codegenRoutes(app, routeDeps);
  youtubeRoutes(app, routeDeps);
  publishPostRoutes(app, routeDeps);
  await youtubeFormRoutes(app, routeDeps);
  await publishConnectRoutes(app, routeDeps);
  await webRoutes(app, deps.env.webDistDir, { serveSourcemaps: deps.env.serveSourcemaps });
  return app;
}
