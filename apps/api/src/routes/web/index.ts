import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../lib/errors.ts';

// Vite's output: hashed files under assets/, public files at the root. Only plain names are
// served; anything else (dots-only, slashes, encoded traversal) is a 404 before the disk. The
// precompressed copies (.br, .gz) are chosen by Accept-Encoding, never asked for by name.
const SAFE_NAME = /^(?!\.)[A-Za-z0-9._-]+$/;
const COMPRESSED_COPY = /\.(?:br|gz)$/;

const SOURCE_MAP = /\.map$/;

export interface WebRouteOptions {
  /**
   * SERVE_SOURCEMAPS: the build's `.map` files hold the frontend's whole source; they are a 404
   * unless the operator turns them on (debugging a production build).
   */
  serveSourcemaps: boolean;
}

function isServableName(name: string, options: WebRouteOptions): boolean {
  return SAFE_NAME.test(name) && !COMPRESSED_COPY.test(name) && (options.serveSourcemaps || !SOURCE_MAP.test(name));
}

/** Every answer here differs by Accept-Encoding (a `.br` or `.gz` copy, or the file itself). */
function varyOnEncoding(reply: FastifyReply): FastifyReply {
  return reply.header('vary', 'accept-encoding');
}

/**
 * Serves the built web app. Routing in the browser is hash-based, so the server only needs
 * the index and its assets, each route declared public like every other route.
 *
 * Compression: the build writes `.br` and `.gz` copies beside each text file (apps/web
 * vite-plugins/precompress.ts) and `preCompressed` sends the best one the client accepts,
 * with the original's content type; these routes opt out of the per-request compression of
 * API answers. Caching: hashed assets are immutable for a year; the index (which names the
 * current hashes) and the unhashed public files are revalidated on every use.
 */
export async function webRoutes(app: FastifyInstance, webDistDir: string, webOptions: WebRouteOptions): Promise<void> {
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  await app.register(fastifyStatic, {
    root: webDistDir,
    serve: false,
    preCompressed: true,
    // Byte ranges of a compressed copy would not be ranges of the file; nothing here needs them.
    acceptRanges: false,
    // `send` would otherwise overwrite the Cache-Control set below with `public, max-age=0`.
    cacheControl: false,
  });
  const options = { config: { access: 'public' as const }, compress: false as const };

  app.get('/', options, async (_request, reply) => {
    if (!hasBuild) {
      return reply
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm start` (or `pnpm --filter @scrapper/web build`).');
    }
    return varyOnEncoding(reply).header('cache-control', 'no-cache').sendFile('index.html');
  });

  app.get<{ Params: { name: string } }>('/assets/:name', options, async (request, reply) => {
    if (!isServableName(request.params.name, webOptions)) throw notFound('Berkas tidak ditemukan.');
    // Hashed names never change content.
    return varyOnEncoding(reply)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .sendFile(`assets/${request.params.name}`);
  });

  app.get<{ Params: { name: string } }>('/:name', options, async (request, reply) => {
    const { name } = request.params;
    if (!isServableName(name, webOptions) || name === 'index.html' || !existsSync(join(webDistDir, name))) {
      throw notFound('Berkas tidak ditemukan.');
    }
    return varyOnEncoding(reply).header('cache-control', 'no-cache').sendFile(name);
  });
}
