// Data for the load run: members (made through the API, so their passwords are real argon2id
// hashes), and per member finished and active scrape tasks, download history rows (completed
// ones with a stored size, as the file manager lists them) and notifications, written straight
// into the database because thousands of rows through the API would measure the seeding.
import { createDatabase } from '@scrapper/db/client';
import { downloads, notifications, scrapeTasks } from '@scrapper/db/schema';

export interface SeedSizes {
  members: number;
  tasksPerMember: number;
  activeTasksPerMember: number;
  downloadsPerMember: number;
  notificationsPerMember: number;
}

export interface Member {
  id: string;
  username: string;
  password: string;
  token: string;
}

const PLATFORMS = ['tiktok', 'youtube', 'instagram', 'douyin', 'facebook'];

async function post(base: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const payload: unknown = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(payload)}`);
  return payload;
}

export async function login(base: string, username: string, password: string): Promise<{ token: string; user: { id: string } }> {
  return post(base, '/api/auth/login', { username, password }) as Promise<{ token: string; user: { id: string } }>;
}

export async function seed(base: string, databaseUrl: string, adminToken: string, sizes: SeedSizes): Promise<Member[]> {
  const members: Member[] = [];
  // A few at a time: each is an argon2id hash on the API's two cores.
  for (let i = 0; i < sizes.members; i += 4) {
    const batch = Array.from({ length: Math.min(4, sizes.members - i) }, (_, j) => i + j);
    await Promise.all(
      batch.map(async (n) => {
        const username = `anggota${String(n).padStart(3, '0')}`;
        const password = `sandi-anggota-${n}`;
        await post(base, '/api/admin/users', { username, password, role: 'user' }, adminToken);
        members.push({ id: '', username, password, token: '' });
      }),
    );
  }
  members.sort((a, b) => a.username.localeCompare(b.username));
  // The seeding logins come from one address each, so they leave the bench's per-IP budget alone.
  for (const m of members) {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.200.${members.indexOf(m)}.1` },
      body: JSON.stringify({ username: m.username, password: m.password }),
    });
    const body = (await res.json()) as { token: string; user: { id: string } };
    if (!res.ok) throw new Error(`login ${m.username}: ${res.status}`);
    m.token = body.token;
    m.id = body.user.id;
  }

  const database = createDatabase(databaseUrl, { max: 2 });
  try {
    const day = 24 * 3600 * 1000;
    for (const [u, m] of members.entries()) {
      const tasks = Array.from({ length: sizes.tasksPerMember + sizes.activeTasksPerMember }, (_, i) => {
        const active = i >= sizes.tasksPerMember;
        const platform = PLATFORMS[(u + i) % PLATFORMS.length] ?? 'tiktok';
        return {
          ownerId: m.id,
          actorId: 'clockworks/tiktok-scraper',
          platformId: platform,
          scrapeType: 'keyword' as const,
          target: `resep ${i}`,
          input: { searchQueries: `resep ${i}` },
          platformInfo: { platformId: platform, displayName: platform, scrapeType: 'keyword' as const },
          state: active ? ('running' as const) : i % 10 === 9 ? ('failed' as const) : ('completed' as const),
          progressPercentage: active ? 40 : 100,
          itemsFound: 25,
          resultFileName: active ? null : `${platform}_20261101-000000_${String(u).padStart(4, '0')}${String(i).padStart(4, '0')}.json`,
          resultItemCount: active ? null : 25,
          error: i % 10 === 9 && !active ? 'Aktor Apify berakhir dengan status FAILED.' : null,
          createdAt: new Date(Date.now() - (i % 30) * day - u * 1000),
          startedAt: new Date(Date.now() - (i % 30) * day - u * 1000),
          finishedAt: active ? null : new Date(Date.now() - (i % 30) * day - u * 1000 + 60_000),
        };
      });
      await database.db.insert(scrapeTasks).values(tasks);
      for (let chunk = 0; chunk < sizes.downloadsPerMember; chunk += 500) {
        const rows = Array.from({ length: Math.min(500, sizes.downloadsPerMember - chunk) }, (_, j) => {
          const i = chunk + j;
          const completed = i % 8 !== 7;
          return {
            ownerId: m.id,
            platform: PLATFORMS[i % PLATFORMS.length] ?? 'tiktok',
            sourceItemId: `item-${u}-${i}`,
            sourceUrl: `https://example.test/${u}/${i}`,
            title: `Video nomor ${i} tentang resep dan perjalanan`,
            author: `kreator${i % 50}`,
            quality: 'best' as const,
            status: completed ? ('completed' as const) : ('failed' as const),
            progress: completed ? 100 : 0,
            storageKey: completed ? `downloads/${m.id}/seed-${i}.mp4` : null,
            sizeBytes: completed ? 1_000_000 + i : null,
            mime: completed ? 'video/mp4' : null,
            error: completed ? null : 'HTTP Error 404: Not Found',
            createdAt: new Date(Date.now() - (i % 60) * day - u * 1000),
          };
        });
        await database.db.insert(downloads).values(rows);
      }
      const notes = Array.from({ length: sizes.notificationsPerMember }, (_, i) => ({
        userId: m.id,
        kind: 'scrape.completed',
        message: `Scraping TikTok "resep ${i}" selesai: 25 item.`,
        isRead: i % 3 === 0,
        dedupeKey: `seed:${i}`,
        createdAt: new Date(Date.now() - i * 3600 * 1000),
      }));
      if (notes.length > 0) await database.db.insert(notifications).values(notes);
    }
  } finally {
    await database.close();
  }
  return members;
}
