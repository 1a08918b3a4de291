import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['apify', 'gemini'] }).notNull(),
    /** The key sealed with SECRETS_KEY; never sent to a client. */
    sealedKey: text('sealed_key').notNull(),
    /** What the client is shown. */
    lastEight: text('last_eight').notNull(),
    /** The admin's name for the key ("Akun utama"); optional. */
    label: text('label'),
    isActive: boolean('is_active').notNull().default(false),
    isValid: boolean('is_valid'),
    validationMessage: text('validation_message'),
    lastValidated: timestamp('last_validated', { withTimezone: true }),
    /** Gemini keys: the model generation uses with this key (chosen from the key's model list). */
    model: text('model'),
    /** When `model` was chosen; the choice is refreshed after a day or when the model answers 404. */
    modelCheckedAt: timestamp('model_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Exactly one active key per type is kept by the queries; the database forbids two.
    uniqueIndex('api_keys_one_active_per_type').on(t.type).where(sql`${t.isActive}`),
    index('api_keys_type_idx').on(t.type, t.createdAt),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
