import { randomBytes } from 'node:crypto';
import type { Db } from '@scrapper/db/client';
import { countUsers, insertUser } from '@scrapper/db/queries/users';
import { hashPassword } from './password.ts';

export interface SeedResult {
  created: boolean;
  username: string;
  /** Set only when we generated the password: shown once, never stored in plain text. */
  generatedPassword?: string;
}

/** First start: an empty users table gets one admin. */
export async function seedAdmin(db: Db, username: string, password: string | undefined): Promise<SeedResult> {
  if ((await countUsers(db)) > 0) return { created: false, username };
  const generated = password ? undefined : randomBytes(12).toString('base64url');
  const row = await insertUser(db, {
    username,
    passwordHash: await hashPassword(password ?? generated ?? ''),
    role: 'admin',
  });
  // Another API instance seeded at the same moment: theirs stands.
  if (!row) return { created: false, username };
  return { created: true, username, ...(generated ? { generatedPassword: generated } : {}) };
}
