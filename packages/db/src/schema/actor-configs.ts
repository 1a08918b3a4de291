import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';

/** One row per platform; the config is validated by the contract schema before it is stored. */
export const actorConfigs = pgTable('actor_configs', {
  platformId: text('platform_id').primaryKey(),
  position: integer('position').notNull(),
  config: jsonb('config').$type<ActorConfig>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ActorConfigRow = typeof actorConfigs.$inferSelect;
