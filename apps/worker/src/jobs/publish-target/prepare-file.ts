// The file a target sends: the member's server file byte for byte when it fits the destination,
// else the ffmpeg conversion that makes it fit (kept in storage until the target is final, so a
// resumed upload sends the very same bytes), or a refusal with the reason.
import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DESTINATION_FILE_RULES, PUBLISH_PLATFORM_LABELS } from '@scrapper/contracts/rules/publish-destinations';
import { findDownload } from '@scrapper/db/queries/downloads';
import type { PublishPostRow, PublishTargetRow } from '@scrapper/db/schema';
import { convertToFit, inspectVideo, judgeFit } from '@scrapper/integrations/media-fit';
import { storeFile } from '../store-file.ts';
import type { JobContext } from '../types.ts';

export class TargetStop extends Error {
  override readonly name = 'TargetStop';
  readonly detail: string | null;
  constructor(message: string, detail: string | null = null) {
    super(message);
    this.detail = detail;
  }
}

export const FILE_GONE_MESSAGE = 'File video di server sudah dihapus sebelum dikirim, jadi publikasi ke tujuan ini tidak dapat dilanjutkan. Unduh ulang videonya, lalu publikasikan lagi.';

export interface PreparedFile {
  path: string;
  size: number;
  converted: boolean;
}

/** Where a target's conversion waits in storage while its upload may still resume. */
export function convertedKeyOf(post: PublishPostRow, target: PublishTargetRow): string {
  return `publish/${post.userId}/${target.id}.mp4`;
}

async function copyOut(ctx: JobContext, key: string, path: string): Promise<number> {
  await pipeline(await ctx.deps.storage.read(key), createWriteStream(path, { mode: 0o600 }));
  return (await stat(path)).size;
}

/**
 * The bytes for this target in `jobDir`. A target converted earlier (`converted`, with its copy
 * in storage) gets that copy back; otherwise the server file is judged now.
 */
export async function prepareFile(
  ctx: JobContext,
  rows: { post: PublishPostRow; target: PublishTargetRow },
  jobDir: string,
  options: { maxDurationSec?: number } = {},
): Promise<PreparedFile> {
  const { post, target } = rows;
  await mkdir(jobDir, { recursive: true });
  const keptKey = convertedKeyOf(post, target);
  if (target.converted && (await ctx.deps.storage.exists(keptKey))) {
    const path = join(jobDir, 'converted.mp4');
    return { path, size: await copyOut(ctx, keptKey, path), converted: true };
  }
  const download = post.serverFileId ? await findDownload(ctx.database.db, post.serverFileId) : undefined;
  const key = download?.status === 'completed' && !download.fileDeletedAt ? download.storageKey : null;
  if (!key || !(await ctx.deps.storage.exists(key))) throw new TargetStop(FILE_GONE_MESSAGE);
  const ext = /\.(mp4|mov|m4v|webm|mkv)$/i.exec(key)?.[1]?.toLowerCase() ?? 'mp4';
  const source = join(jobDir, `source.${ext}`);
  const size = await copyOut(ctx, key, source);
  const facts = await inspectVideo(ctx.deps.ffmpeg, source, size, ctx.signal);
  const label = PUBLISH_PLATFORM_LABELS[target.platform];
  const verdict = judgeFit(facts, DESTINATION_FILE_RULES[target.platform], label, options);
  if (verdict.kind === 'refused') throw new TargetStop(verdict.reason);
  if (verdict.kind === 'fits') return { path: source, size, converted: false };
  const output = join(jobDir, 'converted.mp4');
  await convertToFit(ctx.deps.ffmpeg.programs, source, output, verdict.conversion, ctx.signal);
  ctx.log.info({ targetId: target.id, why: verdict.why }, 'publish file converted');
  await storeFile(ctx.deps.storage, keptKey, output);
  return { path: output, size: (await stat(output)).size, converted: true };
}

/** The target is final: its converted copy has no use left. */
export async function removeConverted(ctx: JobContext, rows: { post: PublishPostRow; target: PublishTargetRow }): Promise<void> {
  await ctx.deps.storage.remove(convertedKeyOf(rows.post, rows.target)).catch(() => undefined);
}
