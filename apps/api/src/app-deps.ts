// What the app is built from. Its own module, so that route files and plugins take it without
// importing app.ts (which imports every one of them).
import type { Database } from '@scrapper/db/client';
import type { Boss } from '@scrapper/db/queue';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { Storage } from '@scrapper/integrations/storage/storage';
import type { Env } from './env.ts';

export interface AppDeps {
  env: Env;
  database: Database;
  boss: Boss;
  /** Seals and opens secrets at rest (SECRETS_KEY). */
  secrets: SecretBox;
  /** Result files, downloads and the files of YouTube uploads. */
  storage: Storage;
  /** Where log lines go instead of stdout (tests capture them to scan for secrets). */
  logStream?: { write(line: string): void };
}
