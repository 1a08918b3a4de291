// Rows and states worker tests set up the way the API or an operator would: a YouTube channel
// connected to the fake Google without the browser dance, uploads queued as the API queues them,
// a maintenance run held busy, and the children of this process read from /proc (the worker runs
// in the test process, so yt-dlp and ffmpeg are our children).
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Database } from '@scrapper/db/client';
import { enqueue, type Boss } from '@scrapper/db/queue';
import { oauthClientSecrets, youtubeAccounts, youtubeUploads } from '@scrapper/db/schema';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';

const CLIENT_ID = 'faults.apps.googleusercontent.com';

export async function connectFakeChannel(database: Database, box: SecretBox, google: FakeGoogle, userId: string): Promise<string> {
  const [client] = await database.db
    .insert(oauthClientSecrets)
    .values({ name: 'Proyek', clientId: CLIENT_ID, sealedClientSecret: box.seal('GOCSPX-faults'), secretLastFour: 'ults', redirectUri: 'http://127.0.0.1/cb', quotaDailyUnits: 1_000_000 })
    .returning();
  const channelId = google.defaultChannelId ?? '';
  const issued = google.issueTokens({ channelId, clientId: CLIENT_ID, withRefreshToken: true });
  const tokens = { accessToken: issued.accessToken, refreshToken: issued.refreshToken ?? null, expiryDate: issued.expiryDate, scope: issued.scope };
  const [account] = await database.db
    .insert(youtubeAccounts)
    .values({ userId, clientSecretId: client?.id ?? '', channelId, accountName: 'Kanal Uji', sealedTokens: box.seal(JSON.stringify(tokens)), isValid: true })
    .returning();
  if (!account) throw new Error('no account');
  return account.id;
}

/** An upload row and its job, as the API writes them; `values` picks the source and effect. */
export async function queueUpload(
  database: Database,
  boss: Boss,
  values: { userId: string; accountId: string; title: string } & Partial<typeof youtubeUploads.$inferInsert>,
): Promise<string> {
  const id = values.id ?? crypto.randomUUID();
  await database.db.insert(youtubeUploads).values({
    id,
    description: '',
    tags: [],
    categoryId: '22',
    privacyStatus: 'unlisted',
    publishType: 'now',
    madeForKids: false,
    sourceKind: 'file',
    videoMime: 'video/mp4',
    status: 'processing',
    ...values,
  });
  await enqueue(boss, 'youtube.upload', { uploadId: id });
  return id;
}

/**
 * Direct children of this process whose command line contains every one of `parts` (and, with
 * `program`, whose executable is named so: yt-dlp's own command line may mention ffmpeg).
 */
export function childProcesses(parts: string[], program?: string): Array<{ pid: number; cmdline: string }> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The parent pid is the 4th field, after the command name in parentheses.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      const cmdline = argv.join(' ');
      if (program !== undefined && basename(argv[0] ?? '') !== program) continue;
      if (parts.every((p) => cmdline.includes(p))) found.push({ pid: Number(name), cmdline });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * Holds a maintenance run's row lock, so a sweep of it blocks on its first statement: a job that
 * is truly active until `release`.
 */
export async function holdMaintenanceRun(database: Database, runId: string): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const tx = database.sql.begin(async (sql) => {
    await sql`select id from maintenance_runs where id = ${runId} for update`;
    locked();
    await released;
  });
  // Held from the start: a test cut off before `release` still closes its database cleanly.
  const ended = tx.then(
    () => undefined,
    (error: unknown) => error,
  );
  await isLocked;
  return {
    release: async () => {
      release();
      const error = await ended;
      if (error) throw error;
    },
  };
}
