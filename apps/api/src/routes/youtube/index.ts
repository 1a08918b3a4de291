import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { endpoints } from '@scrapper/contracts/http';
import { join } from 'node:path';
import { defineRoute } from '../../lib/define-route.ts';
import { deleteAccount, listAccounts } from '../../services/youtube/accounts.ts';
import { lookUpAudioInfo, searchAudioTracks } from '../../services/youtube/audio-lookup.ts';
import { sendCallbackPage } from '../../services/youtube/callback-page.ts';
import {
  CALLBACK_PATHS,
  createClientSecret,
  deleteClientSecret,
  listClientSecretOptions,
  listClientSecrets,
  updateClientSecret,
} from '../../services/youtube/client-secrets.ts';
import { completeAuth } from '../../services/youtube/complete-auth.ts';
import { createConcurrencyGate } from '../../services/youtube/concurrency-gate.ts';
import { cancelUpload } from '../../services/youtube/cancel-upload.ts';
import { createUpload } from '../../services/youtube/create-upload.ts';
import { generateContent } from '../../services/youtube/generate-content.ts';
import { listPlaylists } from '../../services/youtube/list-playlists.ts';
import { listUploads } from '../../services/youtube/list-uploads.ts';
import { createStateSigner } from '../../services/youtube/oauth-state.ts';
import { previewEffect } from '../../services/youtube/preview-effect.ts';
import { rescheduleUpload } from '../../services/youtube/reschedule-upload.ts';
import { getAccountQuota } from '../../services/youtube/quota-today.ts';
import { startAuth } from '../../services/youtube/start-auth.ts';
import type { AppDeps } from '../../app-deps.ts';

/** Renders of the effect preview one API process runs at once. */
const PREVIEW_CONCURRENCY = 2;
/** yt-dlp lookups one member runs at once (each is a process of its own). */
const LOOKUPS_PER_USER = 2;

/** Aborts when the client goes away before the answer is complete. */
function untilClientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Client secrets, OAuth, accounts, playlists, history, audio lookups and Gemini (JSON bodies). */
export function youtubeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { database, secrets, storage, env } = deps;
  const y = endpoints.youtube;
  const signer = createStateSigner(env.jwtSecret);
  const google = env.google;
  const lookups = createConcurrencyGate(LOOKUPS_PER_USER);

  /** This backend's callback for that platform, as operators register it with Google, TikTok or Meta. */
  const defaultRedirectUri = (request: FastifyRequest) => (platform: keyof typeof CALLBACK_PATHS) =>
    `${env.publicBaseUrl ?? `${request.protocol}://${request.host}`}${CALLBACK_PATHS[platform]}`;

  defineRoute(app, y.listClientSecrets, () => listClientSecrets(database));
  defineRoute(app, y.createClientSecret, ({ body, request }) => createClientSecret(database, secrets, body, defaultRedirectUri(request)));
  defineRoute(app, y.updateClientSecret, ({ params, body }) => updateClientSecret(database, secrets, params.id, body));
  defineRoute(app, y.deleteClientSecret, ({ params }) => deleteClientSecret(database, params.id));
  defineRoute(app, y.clientSecretOptions, ({ query }) => listClientSecretOptions(database, query.platform));

  defineRoute(app, y.authUrl, ({ query, user }) => startAuth({ database, secrets, google, signer }, user, query));
  defineRoute(app, y.authCallback, async ({ query, request, reply }) => {
    const page = await completeAuth({ database, secrets, google, signer, log: request.log }, query);
    return sendCallbackPage(reply, page);
  });

  defineRoute(app, y.listAccounts, ({ query, user }) => listAccounts(database, user, query.all === 'true'));
  defineRoute(app, y.accountQuota, ({ params, user }) => getAccountQuota(database, user, params.id));
  defineRoute(app, y.deleteAccount, ({ params, user }) => deleteAccount(database, storage, user, params.id));
  defineRoute(app, y.playlists, ({ params, user }) => listPlaylists({ database, secrets, google }, user, params.accountId));
  defineRoute(app, y.videos, ({ query, user }) => listUploads(database, user, query));
  const scheduleDeps = { database, secrets, google };
  defineRoute(app, y.cancelUpload, ({ params, user }) => cancelUpload(scheduleDeps, user, params.id));
  defineRoute(app, y.rescheduleUpload, ({ params, body, user }) => rescheduleUpload(scheduleDeps, user, params.id, body));

  const lookupDeps = { gate: lookups, env };
  defineRoute(app, y.audioSearch, ({ query, user, reply }) =>
    searchAudioTracks(lookupDeps, user, query.query, untilClientGone(reply)),
  );
  defineRoute(app, y.audioInfo, ({ query, user, reply }) =>
    lookUpAudioInfo(lookupDeps, user, query.url, untilClientGone(reply)),
  );

  defineRoute(app, y.generateContent, ({ body, reply }) =>
    generateContent({ database, secrets, geminiBaseUrl: env.geminiBaseUrl, geminiModel: env.geminiModel }, body.originalTitle, untilClientGone(reply)),
  );
}

/**
 * The two multipart routes, in a scope of their own: only they parse multipart bodies, and
 * they stream files instead of buffering them (the app's JSON body limit does not apply).
 */
export async function youtubeFormRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { database, boss, storage, env } = deps;
  const previews = createConcurrencyGate(PREVIEW_CONCURRENCY);
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    defineRoute(scope, endpoints.youtube.upload, ({ user, request }) =>
      createUpload(
        { database, boss, storage, fetchPolicy: env.fetchPolicy, maxVideoBytes: env.uploadMaxVideoBytes },
        user,
        request,
      ),
    );
    defineRoute(scope, endpoints.youtube.previewEffect, ({ request, reply }) =>
      previewEffect(
        { gate: previews, tempRoot: join(env.dataDir, 'tmp', 'previews'), maxVideoBytes: env.uploadMaxVideoBytes, ffmpegPath: env.ffmpegPath, ffprobePath: env.ffprobePath },
        request,
        reply,
      ),
    );
  });
}
