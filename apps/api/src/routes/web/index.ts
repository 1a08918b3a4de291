import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';

// Vite's output: hashed files under assets/, public files at the root. Only plain names are
// served; anything else (dots-only, slashes, encoded traversal) is a 404 before the disk.
const SAFE_NAME = /^(?!\.)[A-Za-z0-9._-]+$/;

/**
 * Serves the built web app. Routing in the browser is hash-based, so the server only needs
 * the index and its assets, each route declared public like every other route.
 */
export async function webRoutes(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  await app.register(fastifyStatic, { root: webDistDir, serve: false });

  app.get('/', { config: { access: 'public' } }, async (_request, reply) => {
    if (!hasBuild) {
      return reply
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm start` (or `pnpm --filter @scrapper/web build`).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  app.get<{ Params: { name: string } }>('/assets/:name', { config: { access: 'public' } }, async (request, reply) => {
    if (!SAFE_NAME.test(request.params.name)) throw notFound('Berkas tidak ditemukan.');
    // Hashed names never change content.
    return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(`assets/${request.params.name}`);
  });

  app.get<{ Params: { name: string } }>('/:name', { config: { access: 'public' } }, async (request, reply) => {
    const { name } = request.params;
    if (!SAFE_NAME.test(name) || name === 'index.html' || !existsSync(join(webDistDir, name))) {
      throw notFound('Berkas tidak ditemukan.');
    }
    return reply.sendFile(name);
  });
}
