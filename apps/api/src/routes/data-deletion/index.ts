import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import {
  DELETION_NOTICE_MAIL,
  DELETION_NOTICE_NO_MAIL,
  deletionConfirmation,
  deletionRequestCode,
} from '@scrapper/contracts/http/data-deletion';
import { countDeletionRequestsByIp } from '@scrapper/db/queries/deletion-requests';
import { tooManyRequests } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/define-route.ts';
import {
  listDeletionRequestPage,
  receiveDeletionRequest,
  removeDeletionRequestMember,
  setDeletionRequestStatus,
  type DeletionDeps,
} from '../../services/data-deletion/deletion-requests.ts';
import type { AppDeps } from '../../app-deps.ts';

/** The form is public: a few requests per address an hour keep it from being a spam pump. */
export const MAX_DELETION_REQUESTS_PER_HOUR = 5;

export function dataDeletionRoutes(app: FastifyInstance, { database, boss, env }: AppDeps): void {
  const deps: DeletionDeps = { database, boss, mailEnabled: env.mail !== null };
  defineRoute(app, endpoints.dataDeletion.info, async () => ({
    mailEnabled: deps.mailEnabled,
    notice: deps.mailEnabled ? DELETION_NOTICE_MAIL : DELETION_NOTICE_NO_MAIL,
  }));
  defineRoute(app, endpoints.dataDeletion.request, async ({ body, request }) => {
    const since = new Date(Date.now() - 3600_000);
    if ((await countDeletionRequestsByIp(database.db, request.ip, since)) >= MAX_DELETION_REQUESTS_PER_HOUR) {
      throw tooManyRequests('Terlalu banyak permintaan. Coba lagi dalam satu jam.', 3600);
    }
    const row = await receiveDeletionRequest(deps, { email: body.email, ip: request.ip });
    const code = deletionRequestCode(row.id);
    return { success: true as const, message: deletionConfirmation(code, deps.mailEnabled), code };
  });
  defineRoute(app, endpoints.dataDeletion.list, ({ query }) => listDeletionRequestPage(database, query));
  defineRoute(app, endpoints.dataDeletion.update, ({ params, body, user }) =>
    setDeletionRequestStatus(deps, user.id, params.id, body.status),
  );
  defineRoute(app, endpoints.dataDeletion.removeMember, ({ params, body, user }) =>
    removeDeletionRequestMember(deps, user, params.id, body.userId),
  );
}
