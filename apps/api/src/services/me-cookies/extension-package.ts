// `GET /api/extension/package`: the built extension (apps/extension/dist) as a zip, its manifest
// connected to this deployment's origin. The origin comes from configuration only (never from
// a request header): PUBLIC_BASE_URL when set, else the loopback address `npm start` serves.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extensionManifest } from '@scrapper/contracts/rules/extension-manifest';
import { ZipFile } from 'yazl';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/errors.ts';

export const DEFAULT_EXTENSION_DIST = fileURLToPath(
  new URL('../../../../extension/dist', import.meta.url),
);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** The Scrapper origins the downloaded extension is connected to, or null when configuration cannot say. */
export function packageOrigins(env: Pick<Env, 'publicBaseUrl' | 'host' | 'port'>): string[] | null {
  if (env.publicBaseUrl) return [new URL(env.publicBaseUrl).origin];
  if (LOOPBACK_HOSTS.has(env.host))
    return [`http://localhost:${env.port}`, `http://127.0.0.1:${env.port}`];
  // A listen address such as 0.0.0.0 says nothing about the address members type.
  return null;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

export async function extensionPackage(
  env: Pick<Env, 'publicBaseUrl' | 'host' | 'port'>,
  distDir = DEFAULT_EXTENSION_DIST,
): Promise<{ fileName: string; body: Buffer }> {
  const origins = packageOrigins(env);
  if (!origins) {
    throw new AppError(
      409,
      'Alamat Scrapper belum diatur: admin perlu mengisi PUBLIC_BASE_URL agar ekstensi tahu ke mana terhubung.',
    );
  }
  let manifestText: string;
  try {
    manifestText = await readFile(join(distDir, 'manifest.json'), 'utf8');
  } catch {
    throw new AppError(
      503,
      'Paket ekstensi belum dibuat di server ini. Admin: jalankan "pnpm --filter @scrapper/extension build".',
    );
  }
  const { version } = JSON.parse(manifestText) as { version: string };
  const manifest = JSON.stringify(extensionManifest({ version, origins }), null, 2);
  const zip = new ZipFile();
  for (const file of await listFiles(distDir)) {
    const name = relative(distDir, file).split('\\').join('/');
    if (name === 'manifest.json')
      zip.addBuffer(Buffer.from(manifest), `scrapper-extension/${name}`, { compress: false });
    else zip.addBuffer(await readFile(file), `scrapper-extension/${name}`, { compress: false });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return { fileName: `scrapper-extension-${version}.zip`, body: Buffer.concat(chunks) };
}
