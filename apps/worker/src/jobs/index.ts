import type { QueueName } from '@scrapper/contracts/jobs';
import { automationRun, automationTick } from './automation/index.ts';
import { mailSend } from './mail-send.ts';
import { maintenanceSweep } from './maintenance-sweep.ts';
import { publishTarget } from './publish-target/index.ts';
import { resultIndex } from './result-index.ts';
import { scrapeRun } from './scrape-run.ts';
import { toolsYtDlpUpdate } from './tools-ytdlp-update.ts';
import { videoDownload } from './video-download.ts';
import { videoPreview } from './video-preview.ts';
import { webhookDeliver } from './webhook-deliver.ts';
import { youtubeUpload } from './youtube-upload/index.ts';
import type { JobHandler } from './types.ts';

/** Every queue of the job catalog has its handler here: a missing one fails to compile. */
export const jobRegistry: { [Q in QueueName]: JobHandler<Q> } = {
  'maintenance.sweep': maintenanceSweep,
  'scrape.run': scrapeRun,
  'result.index': resultIndex,
  'video.download': videoDownload,
  'video.preview': videoPreview,
  'youtube.upload': youtubeUpload,
  'tools.ytdlp-update': toolsYtDlpUpdate,
  'webhook.deliver': webhookDeliver,
  'automation.tick': automationTick,
  'automation.run': automationRun,
  'publish.target': publishTarget,
  'mail.send': mailSend,
};
