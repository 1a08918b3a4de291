// The audio look-ups run yt-dlp in this process: its requests (redirects, media URLs) pass the
// URL guard through this proxy, as the worker's do through its own. Closed with the app.
import type { FastifyInstance } from 'fastify';
import { startGuardProxy } from '@scrapper/integrations/guard-proxy';
import type { AppDeps } from '../app-deps.ts';

/** The dependencies the routes get: the env names the proxy (none with ALLOW_PRIVATE_NETWORK_FETCH). */
export async function withYtDlpGuard(app: FastifyInstance, deps: AppDeps): Promise<AppDeps> {
  if (deps.env.allowPrivateNetworkFetch) return deps;
  const guard = await startGuardProxy({ allowHosts: deps.env.fetchPolicy.allowHosts, onError: (error) => app.log.warn(`guard proxy: ${error.message}`) });
  app.addHook('onClose', () => guard.close());
  return { ...deps, env: { ...deps.env, ytDlpProxyUrl: guard.url } };
}
