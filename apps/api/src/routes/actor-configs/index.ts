import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { listActorConfigs } from '@scrapper/db/queries/actor-configs';
import { defineRoute } from '../../lib/define-route.ts';
import { cloneActorConfig } from '../../services/actor-configs/clone-actor-config.ts';
import { saveActorConfigs } from '../../services/actor-configs/save-actor-configs.ts';
import { toPlatformConfig } from '../../services/actor-configs/to-platform-config.ts';
import { toggleActorConfig } from '../../services/actor-configs/toggle-actor-config.ts';
import type { AppDeps } from '../../app-deps.ts';

export function actorConfigRoutes(app: FastifyInstance, { database }: AppDeps): void {
  defineRoute(app, endpoints.actorConfigs.list, () => listActorConfigs(database.db));
  defineRoute(app, endpoints.actorConfigs.saveAll, ({ body }) => saveActorConfigs(database, body));
  defineRoute(app, endpoints.actorConfigs.clone, ({ params }) => cloneActorConfig(database, params.platformId));
  defineRoute(app, endpoints.actorConfigs.toggleActive, ({ params, body }) =>
    toggleActorConfig(database, params.platformId, body.isActive),
  );
  defineRoute(app, endpoints.scrape.config, async () =>
    (await listActorConfigs(database.db)).filter((c) => c.isActive).map(toPlatformConfig),
  );
}
