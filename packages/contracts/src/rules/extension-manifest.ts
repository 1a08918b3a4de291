// The companion extension's manifest (Manifest V3), connected to one Scrapper origin: the
// extension build writes it for development (localhost), and `GET /api/extension/package`
// writes it again for the deployment that serves the zip, so the extension a member downloads
// talks to that one Scrapper and asks for nothing wider.
import { COOKIE_PLATFORM_LABELS, PLATFORM_COOKIE_DOMAINS } from './platforms.ts';

/** The origins a development build connects to (`npm start` on the default port). */
export const DEV_SCRAPPER_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'] as const;

/** Host patterns of the platforms' cookie domains (a `*.` pattern covers the domain itself too). */
export function platformHostPermissions(): string[] {
  return [...new Set(Object.values(PLATFORM_COOKIE_DOMAINS).flat())].map(
    (domain) => `*://*.${domain}/*`,
  );
}

/** `https://scrapper.example:8443` from any http(s) URL; throws on anything else. */
export function scrapperOrigin(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`not an http(s) URL: ${url}`);
  return parsed.origin;
}

export interface ExtensionManifestOptions {
  version: string;
  /** The Scrapper origins this copy is connected to (exact origins, no paths). */
  origins: readonly string[];
}

export function extensionManifest({
  version,
  origins,
}: ExtensionManifestOptions): Record<string, unknown> {
  const originPatterns = origins.map((o) => `${scrapperOrigin(o)}/*`);
  return {
    manifest_version: 3,
    name: 'Scrapper: sinkron cookie',
    short_name: 'Scrapper',
    version,
    description: `Menyinkronkan cookie platform (${Object.values(COOKIE_PLATFORM_LABELS).join(', ')}) dari browser Anda ke Scrapper.`,
    // cookies: read the platforms' cookies; storage: the token, switches and sync times;
    // alarms: the sync every 6 hours (a service worker cannot keep a timer of its own).
    permissions: ['cookies', 'storage', 'alarms'],
    host_permissions: [...platformHostPermissions(), ...originPatterns],
    background: { service_worker: 'service-worker.js', type: 'module' },
    content_scripts: [
      { matches: originPatterns, js: ['content-script.js'], run_at: 'document_start' },
    ],
    action: { default_title: 'Scrapper', default_popup: 'popup.html' },
    minimum_chrome_version: '116',
  };
}

/** The origins a manifest written by `extensionManifest` is connected to. */
export function connectedOrigins(manifest: {
  content_scripts?: Array<{ matches?: string[] }>;
}): string[] {
  return (manifest.content_scripts?.[0]?.matches ?? []).map((pattern) =>
    pattern.replace(/\/\*$/, ''),
  );
}
