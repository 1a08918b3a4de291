// `pnpm --filter @scrapper/extension build`: the loadable extension in dist/ (unpacked) and the
// same files as dist-zip/scrapper-extension.zip. The manifest connects this build to the
// development origins (npm start on localhost:3000), or to EXTENSION_ORIGINS (comma-separated)
// when set; GET /api/extension/package rewrites it for the deployment that serves the zip.
import {
  cpSync,
  createWriteStream,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ZipFile } from 'yazl';
import {
  DEV_SCRAPPER_ORIGINS,
  extensionManifest,
} from '@scrapper/contracts/rules/extension-manifest';

const root = fileURLToPath(new URL('.', import.meta.url));
const dist = join(root, 'dist');
const zipDir = join(root, 'dist-zip');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
};
const origins = process.env.EXTENSION_ORIGINS
  ? process.env.EXTENSION_ORIGINS.split(',').map((o) => o.trim())
  : [...DEV_SCRAPPER_ORIGINS];

rmSync(dist, { recursive: true, force: true });
rmSync(zipDir, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
mkdirSync(zipDir, { recursive: true });

await build({
  entryPoints: ['content-script', 'service-worker', 'popup'].map((name) =>
    join(root, 'src', `${name}.ts`),
  ),
  outdir: dist,
  bundle: true,
  // Content scripts and classic page scripts cannot be modules: each file wraps itself.
  format: 'iife',
  target: 'chrome116',
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
});
cpSync(join(root, 'static'), dist, { recursive: true });
writeFileSync(
  join(dist, 'manifest.json'),
  `${JSON.stringify(extensionManifest({ version, origins }), null, 2)}\n`,
);

const zip = new ZipFile();
for (const name of readdirSync(dist, { recursive: true, encoding: 'utf8' }).sort()) {
  const file = join(dist, name);
  if (statSync(file).isFile())
    zip.addFile(file, `scrapper-extension/${name.split('\\').join('/')}`, { compress: false });
}
zip.end();
await new Promise<void>((resolve, reject) => {
  zip.outputStream
    .pipe(createWriteStream(join(zipDir, 'scrapper-extension.zip')))
    .on('close', resolve)
    .on('error', reject);
});
console.log(`extension ${version} -> ${dist} (connected to ${origins.join(', ')})`);
