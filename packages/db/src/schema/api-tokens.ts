import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Personal API tokens (issue 21 item 2): `Authorization: Bearer scr_…` acts as the owner.
 * Only the SHA-256 of the whole token is kept: the token is 32 random bytes, so a plain hash
 * is enough (no salt, no slow hash: there is nothing to guess), and it can be looked up by
 * its unique index. `prefix` is the first characters, shown so a member can tell tokens apart.
 * `window_started_at`/`window_count` are the per-token rate limit's current minute, counted in
 * the same statement that checks the token (so every API process shares one count).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'write', 'cookies'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
    windowCount: integer('window_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_idx').on(t.tokenHash),
    index('api_tokens_owner_idx').on(t.ownerId, t.createdAt),
    check('api_tokens_scope_check', sql`${t.scope} in ('read', 'write', 'cookies')`),
    check('api_tokens_name_length_check', sql`char_length(${t.name}) between 1 and 100`),
  ],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;
