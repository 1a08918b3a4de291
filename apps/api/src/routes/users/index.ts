import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { listUsers } from '@scrapper/db/queries/users';
import { defineRoute } from '../../lib/define-route.ts';
import { createUser } from '../../services/users/create-user.ts';
import { deleteUser } from '../../services/users/delete-user.ts';
import { toUserDto } from '../../services/users/to-user-dto.ts';
import { updateUser } from '../../services/users/update-user.ts';
import type { AppDeps } from '../../app-deps.ts';

export function userRoutes(app: FastifyInstance, { database }: AppDeps): void {
  defineRoute(app, endpoints.users.list, async () => (await listUsers(database.db)).map(toUserDto));
  defineRoute(app, endpoints.users.create, ({ body }) => createUser(database.db, body));
  defineRoute(app, endpoints.users.update, ({ params, body, user }) =>
    updateUser(database, user, params.id, body),
  );
  defineRoute(app, endpoints.users.remove, ({ params, user }) =>
    deleteUser(database, user, params.id),
  );
}
