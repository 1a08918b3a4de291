import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOG_REDACT_CENSOR, LOG_REDACT_PATHS } from '@scrapper/contracts/rules/log-redaction';
import type { Database } from '@scrapper/db/client';
import type { Boss } from '@scrapper/db/queue';
import { startGuardProxy } from '@scrapper/integrations/guard-proxy';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { Storage } from '@scrapper/integrations/storage/storage';
import type { Env } from './env.ts';
import { accessPlugin } from './plugins/access.ts';
import { cacheControlPlugin } from './plugins/cache-control.ts';
import { genRequestId, requestIdPlugin } from './plugins/request-id.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { metricsPlugin } from './plugins/metrics.ts';
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
import { meCookieRoutes } from './routes/me-cookies/index.ts';
import { notificationRoutes } from './routes/notifications/index.ts';
import { scrapeRoutes } from './routes/scrape/index.ts';
import { systemRoutes } from './routes/system/index.ts';
import { toolRoutes } from './routes/tools/index.ts';
import { userRoutes } from './routes/users/index.ts';
import { webRoutes } from './routes/web/index.ts';
import { youtubeFormRoutes, youtubeRoutes } from './routes/youtube/index.ts';

// Validation messages in the product's language.
z.config(z.locales.id());

export interface AppDeps {
  env: Env;
  database: Database;
  boss: Boss;
  /** Seals and opens secrets at rest (SECRETS_KEY). */
  secrets: SecretBox;
  /** Result files, downloads and the files of YouTube uploads. */
  storage: Storage;
  /** Where log lines go instead of stdout (tests capture them to scan for secrets). */
  logStream?: { write(line: string): void };
}

export const DOCS_PREFIX = '/api/docs';

/** Request logs keep the OAuth callback's code and state out: a code in a log is a grant. */
export function withoutOAuthSecrets(url: string): string {
  return url.replace(/([?&](?:code|state)=)[^&#]*/g, '$1[redacted]');
}

export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // No 'unsafe-inline': the SPA's styles are files, and React's style props are set
      // through the CSSOM, which CSP does not govern; Swagger UI needs no inline styles either.
      styleSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // The YouTube connect flow opens Google's consent page in a popup and watches it close;
  // `same-origin` would cut the page off from its popup at once (popup.closed turns true).
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // Matches frame-ancestors 'none' for browsers that only know the older header.
  xFrameOptions: { action: 'deny' },
};

/**
 * The headers helmet sets with HELMET_OPTIONS, worked out once at start-up. @fastify/helmet
 * builds a new helmet middleware on every request (parsing the CSP directives again: about 4 %
 * of the API's CPU on a small answer like the analytics dashboard). Nothing here varies them per
 * request (no route has its own `helmet` options, no CSP nonces, nothing calls reply.helmet), so
 * they are helmet's own output, taken from an answer of a throwaway instance with the plugin.
 */
export async function securityHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const withHelmet = Fastify();
  await withHelmet.register(helmet, options);
  withHelmet.get('/', async () => 'x');
  const without = Fastify();
  without.get('/', async () => 'x');
  const [a, b] = [await withHelmet.inject('/'), await without.inject('/')];
  await Promise.all([withHelmet.close(), without.close()]);
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(a.headers)) {
    if (value === undefined || name === 'date' || b.headers[name] === value) continue;
    headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return headers;
}

/** Builds the app: external plugins, then ours, then routes. `server.ts` owns listen/close. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.env.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      // The same list as the workers' logger.
      redact: { paths: [...LOG_REDACT_PATHS], censor: LOG_REDACT_CENSOR },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: withoutOAuthSecrets(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket.remotePort,
        }),
      },
    },
    bodyLimit: deps.env.bodyLimitBytes,
    trustProxy: deps.env.trustProxy,
    // Ids that mean something outside this process (X-Request-Id, or a UUID), not Fastify's
    // per-process counter: they travel into the jobs a request enqueues (plugins/request-id.ts).
    requestIdHeader: false,
    genReqId: genRequestId,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The same headers on every answer (errors and not-found included), set before anything else.
  const headers = await securityHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onRoute', (route) => {
    if ((route as { helmet?: unknown }).helmet !== undefined) throw new Error(`route ${route.url}: per-route helmet options are not supported (see securityHeaders)`);
  });
  // JSON answers of 1 KB and more go out brotli- or gzip-compressed (the web app's files are
  // compressed at build time, apps/api/src/routes/web). Stored files streamed with byte ranges
  // (media, previews, result files: lib/send-stored-file.ts says Accept-Ranges) are sent as they
  // are: a range must count bytes of the file itself, and videos do not shrink anyway.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.hasHeader('accept-ranges')) request.headers['x-no-compression'] = 'ranged file';
    done(null, payload);
  });
  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(cacheControlPlugin, { cacheablePrefixes: [DOCS_PREFIX] });
  await app.register(metricsPlugin);
  await app.register(accessPlugin, {
    db: deps.database.db,
    jwtSecret: deps.env.jwtSecret,
    publicPrefixes: [DOCS_PREFIX],
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Scrapper API', version: '0.1.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Swagger UI adds <style> elements as it renders: inline styles are allowed on its own
    // routes only, never for the web app.
    transformStaticCSP: (header) => header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });

  // The audio look-ups run yt-dlp in this process: its requests (redirects, media URLs) pass the
  // URL guard through this proxy, as the worker's do through its own. Closed with the app.
  const ytDlpGuard = deps.env.allowPrivateNetworkFetch
    ? undefined
    : await startGuardProxy({ onError: (error) => app.log.warn(`guard proxy: ${error.message}`) });
  if (ytDlpGuard) app.addHook('onClose', () => ytDlpGuard.close());
  const routeDeps: AppDeps = ytDlpGuard ? { ...deps, env: { ...deps.env, ytDlpProxyUrl: ytDlpGuard.url } } : deps;

  authRoutes(app, routeDeps);
  userRoutes(app, routeDeps);
  systemRoutes(app, routeDeps);
  toolRoutes(app, routeDeps);
  actorConfigRoutes(app, routeDeps);
  cookieRoutes(app, routeDeps);
  meCookieRoutes(app, routeDeps);
  rateLimitRoutes(app, routeDeps);
  apiKeyRoutes(app, routeDeps);
  scrapeRoutes(app, routeDeps);
  mediaRoutes(app, routeDeps);
  notificationRoutes(app, routeDeps);
  analyticsRoutes(app, routeDeps);
  dataDeletionRoutes(app, routeDeps);
  setupRoutes(app, routeDeps);
  codegenRoutes(app, routeDeps);
  youtubeRoutes(app, routeDeps);
  await youtubeFormRoutes(app, routeDeps);
  await webRoutes(app, deps.env.webDistDir, { serveSourcemaps: deps.env.serveSourcemaps });
  return app;
}
