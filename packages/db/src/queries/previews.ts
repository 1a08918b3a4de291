// Previews: short clips of a result item, made once per item, format and length.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { previews, type PreviewRow } from '../schema/downloads.ts';

export async function insertOrFindPreview(
  db: Db,
  values: Pick<PreviewRow, 'platform' | 'sourceItemId' | 'sourceUrl' | 'directUrl' | 'format' | 'maxDurationSecs'>,
): Promise<{ row: PreviewRow; created: boolean }> {
  const [inserted] = await db.insert(previews).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(previews)
    .where(
      and(
        eq(previews.platform, values.platform),
        eq(previews.sourceItemId, values.sourceItemId),
        eq(previews.format, values.format),
        eq(previews.maxDurationSecs, values.maxDurationSecs),
      ),
    )
    .limit(1);
  if (!existing) throw new Error('preview vanished');
  return { row: existing, created: false };
}

/** A failed preview may be tried again: back to queued. */
export async function requeuePreview(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(previews)
    .set({ status: 'queued', error: null })
    .where(and(eq(previews.id, id), eq(previews.status, 'failed')))
    .returning({ id: previews.id });
  return rows.length > 0;
}

export async function findPreview(db: Db, id: string): Promise<PreviewRow | undefined> {
  const [row] = await db.select().from(previews).where(eq(previews.id, id)).limit(1);
  return row;
}

export async function finishPreview(
  db: Db,
  id: string,
  result: { status: 'completed'; storageKey: string; sizeBytes: number } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(previews)
    .set({ ...result, finishedAt: new Date() })
    .where(eq(previews.id, id));
}

export async function markPreviewRunning(db: Db, id: string): Promise<PreviewRow | undefined> {
  const [row] = await db
    .update(previews)
    .set({ status: 'running' })
    .where(and(eq(previews.id, id), inArray(previews.status, ['queued', 'running'])))
    .returning();
  return row;
}
