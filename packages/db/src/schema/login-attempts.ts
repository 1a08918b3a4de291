import { bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Login attempts, kept in the database (not in memory) so the limit holds across any number
 * of API instances. The maintenance sweep removes old rows.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    username: text('username').notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_ip_idx').on(t.ip, t.attemptedAt),
    index('login_attempts_username_idx').on(t.username, t.attemptedAt),
  ],
);
