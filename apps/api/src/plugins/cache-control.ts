// Answers of the API carry members' data (tasks, files, keys' last characters, the session
// itself): no browser, proxy or CDN may keep a copy, so each /api/ answer says `no-store`
// unless its route chose its own caching (stored files, previews) or it is on the public,
// cacheable list below.
import fp from 'fastify-plugin';

export interface CacheControlOptions {
  /** Prefixes of public answers that may be cached as their route says (the API docs). */
  cacheablePrefixes: string[];
}

export const cacheControlPlugin = fp<CacheControlOptions>(async (app, options) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    if (url.startsWith('/api/') && !reply.hasHeader('cache-control') && !options.cacheablePrefixes.some((p) => url.startsWith(p))) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});
