import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import { listPublishAccounts, removePublishAccount } from '../../services/publish-connect/accounts.ts';
import { completeMetaAuth, completeTikTokAuth } from '../../services/publish-connect/complete-auth.ts';
import { getCreatorInfo } from '../../services/publish-connect/creator-info.ts';
import { getPublishingLimit } from '../../services/publish-connect/publishing-limit.ts';
import { receiveMetaDataDeletion } from '../../services/publish-connect/meta-data-deletion.ts';
import { startPublishAuth, type ConnectDeps } from '../../services/publish-connect/start-auth.ts';
import { sendCallbackPage } from '../../services/youtube/callback-page.ts';
import { createStateSigner } from '../../services/youtube/oauth-state.ts';
import type { AppDeps } from '../../app-deps.ts';

/** Meta posts the data-deletion callback as a form; the largest body it takes. */
const FORM_BODY_LIMIT = 16 * 1024;

/** Connections to TikTok and Meta (issue 33): consent, callbacks, destinations, creator info, Instagram's publishing limit, Meta's data deletion. */
export async function publishConnectRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { database, secrets, env } = deps;
  const p = endpoints.publishConnect;
  const connect: ConnectDeps = { database, secrets, signer: createStateSigner(env.jwtSecret), tiktok: env.tiktok, meta: env.meta };
  const origin = (request: FastifyRequest) => env.publicBaseUrl ?? `${request.protocol}://${request.host}`;

  defineRoute(app, p.authUrl, ({ params, query, user }) => startPublishAuth(connect, user, params.platform, query.clientSecretId));
  defineRoute(app, p.tiktokCallback, async ({ query, request, reply }) =>
    sendCallbackPage(reply, await completeTikTokAuth({ ...connect, log: request.log }, query)),
  );
  defineRoute(app, p.metaCallback, async ({ query, request, reply }) =>
    sendCallbackPage(reply, await completeMetaAuth({ ...connect, log: request.log }, query)),
  );
  defineRoute(app, p.accounts, ({ user }) => listPublishAccounts(database, user));
  defineRoute(app, p.removeAccount, ({ params, user }) => removePublishAccount(database, user, params.id));
  defineRoute(app, p.creatorInfo, ({ params, user }) => getCreatorInfo({ database, secrets, tiktok: env.tiktok }, user, params.id));
  defineRoute(app, p.publishingLimit, ({ params, user }) => getPublishingLimit({ database, secrets, meta: env.meta }, user, params.id));

  // Meta sends `signed_request` form-encoded; JSON works too. Only this route parses forms.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, raw, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof raw === 'string' ? raw : raw.toString('utf8'))));
    });
    defineRoute(scope, p.metaDataDeletion, ({ body, request }) => receiveMetaDataDeletion({ database, secrets }, body.signed_request, origin(request)));
  });
}
