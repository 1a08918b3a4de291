import { VideoItemSchema, type ActorConfig, type VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { ResultFile } from '@scrapper/contracts/http/scrape';
import { mapItem } from '@scrapper/contracts/rules/map-items';

/**
 * The items of a result file as video items. Mapped again from each raw item with the
 * actor's current config, so a mapping fixed by the admin applies to files already made;
 * without a config the stored mapping stands.
 */
export function mapResultItems(file: ResultFile, config: ActorConfig | undefined): VideoItem[] {
  const out: VideoItem[] = [];
  const seen = new Set<string>();
  for (const stored of file.items) {
    const parsed = VideoItemSchema.safeParse(stored);
    const raw = parsed.success ? parsed.data.raw : stored;
    const item = config ? mapItem(raw, config) : parsed.success ? parsed.data : null;
    if (!item || seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}

/** Platform of a file: its metadata, else the file-name prefix (`tiktok_2026...json`). */
export function platformOf(file: ResultFile, fileName: string): string {
  return file.metadata.platformId || fileName.split('_')[0] || '';
}
