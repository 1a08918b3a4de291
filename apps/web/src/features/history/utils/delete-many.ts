// Bulk delete calls DELETE /api/media/history/:id per item (the API has no bulk route), a few
// at a time so a large selection neither floods the server nor waits for one call at a time.

export const DELETE_CONCURRENCY = 4;

export interface DeleteManyResult {
  deleted: string[];
  failed: string[];
}

export async function deleteMany(
  ids: readonly string[],
  deleteOne: (id: string) => Promise<unknown>,
  concurrency: number = DELETE_CONCURRENCY,
): Promise<DeleteManyResult> {
  const queue = [...ids];
  const deleted: string[] = [];
  const failed: string[] = [];
  async function worker() {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await deleteOne(id);
        deleted.push(id);
      } catch {
        failed.push(id);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return { deleted, failed };
}
