import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import type { ApiKeyType } from '@scrapper/contracts/http/keys';
import { defineRoute } from '../../lib/define-route.ts';
import { activateKey, addKey, listKeys, removeKey, validateKey, type CheckKey } from '../../services/keys/api-keys.ts';
import { checkApifyKey } from '../../services/keys/apify-keys.ts';
import { checkGeminiKey } from '../../services/keys/gemini-keys.ts';
import type { AppDeps } from '../../app-deps.ts';

type KeyEndpoints = Pick<typeof endpoints.apifyKeys, 'list' | 'add' | 'remove' | 'setActive' | 'validate'>;

/** The same five routes for each key type; only the paths and the validity check differ. */
function keyRoutes(app: FastifyInstance, { database, secrets }: AppDeps, type: ApiKeyType, paths: KeyEndpoints, check: CheckKey): void {
  defineRoute(app, paths.list, () => listKeys(database, type));
  defineRoute(app, paths.add, ({ body }) => addKey(database, secrets, type, body, check));
  defineRoute(app, paths.remove, ({ params }) => removeKey(database, type, params.id));
  defineRoute(app, paths.setActive, ({ params }) => activateKey(database, type, params.id));
  defineRoute(app, paths.validate, ({ params }) => validateKey(database, secrets, type, params.id, check));
}

export function apiKeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  keyRoutes(app, deps, 'apify', endpoints.apifyKeys, checkApifyKey(deps.env.apifyBaseUrl));
  const y = endpoints.youtube;
  keyRoutes(
    app,
    deps,
    'gemini',
    { list: y.listGeminiKeys, add: y.addGeminiKey, remove: y.removeGeminiKey, setActive: y.activateGeminiKey, validate: y.validateGeminiKey },
    checkGeminiKey({ baseUrl: deps.env.geminiBaseUrl, configuredModel: deps.env.geminiModel }),
  );
}
