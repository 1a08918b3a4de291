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
    /**
     * The device cookie's id when the attempt came with a valid one for this username (OWASP's
     * device-cookie pattern): failures from a known device are counted per device, not against
     * the username as a whole.
     */
    deviceId: text('device_id'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_ip_idx').on(t.ip, t.attemptedAt),
    index('login_attempts_username_idx').on(t.username, t.attemptedAt),
  ],
);
