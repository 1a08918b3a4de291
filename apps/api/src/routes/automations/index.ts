import type { FastifyInstance } from 'fastify';
import { automationEndpoints as a } from '@scrapper/contracts/http/automations';
import { defineRoute } from '../../lib/define-route.ts';
import type { AppDeps } from '../../app-deps.ts';
import {
  createForUser,
  deleteForUser,
  getForUser,
  listForUser,
  pause,
  resume,
  runNow,
  runOf,
  runsOf,
  updateForUser,
  type AutomationDeps,
} from '../../services/automations/service.ts';

/** /api/automations (issue 19). */
export function automationRoutes(app: FastifyInstance, { database, boss, secrets, env }: AppDeps): void {
  const deps: AutomationDeps = { database, boss, secrets, google: env.google, maxPerMember: env.automationsMaxPerMember };
  defineRoute(app, a.list, ({ query, user }) => listForUser(deps, user, query));
  defineRoute(app, a.get, ({ params, user }) => getForUser(deps, user, params.id));
  defineRoute(app, a.create, ({ body, user }) => createForUser(deps, user, body));
  defineRoute(app, a.update, ({ params, body, user }) => updateForUser(deps, user, params.id, body));
  defineRoute(app, a.delete, ({ params, user }) => deleteForUser(deps, user, params.id));
  defineRoute(app, a.run, ({ params, user }) => runNow(deps, user, params.id));
  defineRoute(app, a.pause, ({ params, user }) => pause(deps, user, params.id));
  defineRoute(app, a.resume, ({ params, user }) => resume(deps, user, params.id));
  defineRoute(app, a.runs, ({ params, query, user }) => runsOf(deps, user, params.id, query));
  defineRoute(app, a.getRun, ({ params, user }) => runOf(deps, user, params.id, params.runId));
}
