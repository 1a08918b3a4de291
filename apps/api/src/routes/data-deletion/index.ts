import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { DELETION_CONFIRMATION } from '@scrapper/contracts/http/data-deletion';
import { countDeletionRequestsByIp } from '@scrapper/db/queries/deletion-requests';
import { tooManyRequests } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/define-route.ts';
import { listDeletionRequestPage, receiveDeletionRequest, setDeletionRequestStatus } from '../../services/data-deletion/deletion-requests.ts';
import type { AppDeps } from '../../app-deps.ts';

/** The form is public: a few requests per address an hour keep it from being a spam pump. */
export const MAX_DELETION_REQUESTS_PER_HOUR = 5;

export function dataDeletionRoutes(app: FastifyInstance, { database }: AppDeps): void {
  defineRoute(app, endpoints.dataDeletion.request, async ({ body, request }) => {
    const since = new Date(Date.now() - 3600_000);
    if ((await countDeletionRequestsByIp(database.db, request.ip, since)) >= MAX_DELETION_REQUESTS_PER_HOUR) {
      throw tooManyRequests('Terlalu banyak permintaan. Coba lagi dalam satu jam.', 3600);
    }
    await receiveDeletionRequest(database, { email: body.email, ip: request.ip });
    return { success: true as const, message: DELETION_CONFIRMATION };
  });
  defineRoute(app, endpoints.dataDeletion.list, ({ query }) => listDeletionRequestPage(database, query));
  defineRoute(app, endpoints.dataDeletion.update, ({ params, body, user }) =>
    setDeletionRequestStatus(database, user.id, params.id, body.status),
  );
}
