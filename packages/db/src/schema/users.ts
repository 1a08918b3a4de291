import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Raised when the password changes or is reset: tokens carry the version they were issued
     * with, and a token of an older version is refused (other sessions end at once).
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /**
     * Notification kinds the user switched off on the settings page (only kinds that may be:
     * failures always notify; see contracts rules/notification-kinds.ts).
     */
    mutedNotificationKinds: text('muted_notification_kinds').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The member's own email (optional, set on the profile): stored lower-cased, unique when set.
     * A deletion request from this address is linked to this account in the admin's tab.
     */
    email: text('email'),
  },
  (t) => [
    // Usernames are unique whatever their case: "Budi" and "budi" are one account.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // One account per address whatever its case; many accounts may have none.
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
