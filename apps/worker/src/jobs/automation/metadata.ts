// Title, description and tags of each item's post: from the automation's template, or written
// by Gemini (the upload page's "Generate" with the admin's active key). Prepared and stored on
// the item BEFORE the publish step's transaction, so no call to Gemini happens while the run's
// row is locked; a retry finds the items that have theirs and asks only for the rest.
import { fillTemplate, itemTitle, templateTitle } from '@scrapper/contracts/rules/automations';
import { COOKIE_PLATFORM_LABELS } from '@scrapper/contracts/rules/platforms';
import { findActiveApiKey, markApiKeyWorking } from '@scrapper/db/queries/api-keys';
import { findAutomation, findRun, listRunItems, setItemMetadata } from '@scrapper/db/queries/automations';
import type { AutomationItemRow } from '@scrapper/db/schema';
import { GEMINI_KEY_WORKED, generateVideoContent, toGeminiError } from '@scrapper/integrations/gemini';
import type { JobContext } from '../types.ts';

export type ItemMetadata = NonNullable<AutomationItemRow['metadata']>;
type Template = { title: string; description: string; tags: string[] };

/** YouTube refuses `<` and `>` in titles; one line, within the limit. */
export function clean(text: string, max: number): string {
  return [...text.replace(/[<>]/g, '').replace(/\s+/g, ' ').trim()].slice(0, max).join('');
}

/** Title, description and tags of an item's post from the template. */
export function templateMetadata(template: Template, item: { title: string; author: string; platform: string }): ItemMetadata {
  // {platform} reads as the member writes it: "TikTok", not the id "tiktok".
  const platform = (COOKIE_PLATFORM_LABELS as Record<string, string>)[item.platform] ?? item.platform;
  // An item without a title reads as the history shows it ("Video TikTok dari @kreator").
  const values = { title: itemTitle(item), author: item.author, platform };
  return {
    title: clean(templateTitle(template.title, values), 100) || clean(values.title, 100) || 'Video',
    description: fillTemplate(template.description, values).slice(0, 5000),
    tags: template.tags.map((t) => fillTemplate(t, values)),
  };
}

/** Without Gemini the item's own title stands; `note` says why (the run's notes count them). */
function ownTitle(item: AutomationItemRow, note: string): ItemMetadata {
  return { ...templateMetadata({ title: '{title}', description: '{title}', tags: [] }, item), note };
}

/**
 * Gemini's title, description and tags for an item; a string instead says why not (no key, or
 * Gemini's trouble).
 */
async function geminiWriter(ctx: JobContext): Promise<{ write(title: string): Promise<ItemMetadata | string> } | string> {
  const key = await findActiveApiKey(ctx.database.db, 'gemini');
  if (!key) return 'Belum ada API key Gemini yang aktif';
  const apiKey = ctx.deps.secrets.open(key.sealedKey);
  return {
    async write(title) {
      try {
        const { content } = await generateVideoContent({
          apiKey,
          originalTitle: title,
          signal: ctx.signal,
          ...(ctx.deps.gemini.baseUrl ? { baseUrl: ctx.deps.gemini.baseUrl } : {}),
          ...(ctx.deps.gemini.model ? { configuredModel: ctx.deps.gemini.model } : {}),
        });
        // The key wrote content: it works, whatever an earlier check could not tell.
        if (key.isValid !== true) await markApiKeyWorking(ctx.database.db, key.id, GEMINI_KEY_WORKED);
        return { title: clean(content.title, 100) || clean(title, 100) || 'Video', description: content.description.slice(0, 5000), tags: content.tags };
      } catch (raw) {
        return toGeminiError(raw, ctx.signal).userMessage;
      }
    },
  };
}

/**
 * Stores the metadata of the run's downloaded items still to be published that have none yet,
 * each in its own short write (outside any step's transaction).
 */
export async function prepareMetadata(ctx: JobContext, runId: string): Promise<void> {
  const { db } = ctx.database;
  const run = await findRun(db, runId);
  if (!run || run.finishedAt || run.stage !== 'publish') return;
  const automation = await findAutomation(db, run.automationId);
  const metadata = automation?.config.publish?.metadata;
  if (!automation || !metadata) return;
  const waiting = (await listRunItems(db, runId))
    .filter((s) => s.downloadStatus === 'completed')
    .map((s) => s.item)
    .filter((item) => item.metadata === null && item.uploadId === null && item.publishPostId === null && item.downloadId !== null);
  if (waiting.length === 0) return;
  if (metadata.mode === 'template') {
    for (const item of waiting) await setItemMetadata(db, automation.id, item.itemKey, templateMetadata(metadata, item));
    return;
  }
  const gemini = await geminiWriter(ctx);
  for (const item of waiting) {
    const written = typeof gemini === 'string' ? gemini : await gemini.write(itemTitle(item));
    await setItemMetadata(db, automation.id, item.itemKey, typeof written === 'string' ? ownTitle(item, written) : written);
  }
}
