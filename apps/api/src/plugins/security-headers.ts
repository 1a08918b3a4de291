// The security headers (helmet's, with the options below) on every answer: routes, errors and
// not-found alike, set before anything else runs.
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

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
  // Set per answer below, on https answers only (issue 29 item 7): on plain http it means
  // nothing to a browser and misleads whoever reads the headers.
  strictTransportSecurity: false,
};

/** What helmet's default Strict-Transport-Security is, sent on https answers only. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets with these options, worked out once at start-up. @fastify/helmet
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

export const securityHeadersPlugin = fp(async (app) => {
  const headers = await securityHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    // https as the socket says, or as a trusted proxy says (X-Forwarded-Proto under TRUST_PROXY).
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS_VALUE);
    done();
  });
  app.addHook('onRoute', (route) => {
    if ((route as { helmet?: unknown }).helmet !== undefined) throw new Error(`route ${route.url}: per-route helmet options are not supported (see securityHeaders)`);
  });
});
