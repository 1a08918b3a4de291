import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { GeneratedCode } from './code-keys.ts';
import { dataParserCode } from './data-parser.ts';
import { downloaderPageCode } from './downloader-page.ts';
import { previewControllerCode } from './preview-controller.ts';
import { scrapeWorkerCode } from './scrape-worker.ts';
import { videoListCode } from './video-list.ts';
import { ytdlpServiceCode } from './ytdlp-service.ts';

export { CODE_KEYS, codeFileName, type CodeKey, type GeneratedCode } from './code-keys.ts';

// The admin's code generator (spec part 1 sections 2 and 7, POST /config/generate-code):
// standalone JavaScript files that do for one actor config what Scrapper does for it, so
// the config can be used outside the product. Pure: no I/O, same config -> same text.

/** Every generated file for `config`, keyed as CODE_KEYS; save each as `codeFileName(...)`. */
export function generateActorCode(config: ActorConfig): GeneratedCode {
  return {
    dataParser: dataParserCode(config),
    scrapeWorker: scrapeWorkerCode(config),
    ytdlpService: ytdlpServiceCode(config),
    previewController: previewControllerCode(config),
    downloaderPage: downloaderPageCode(config),
    videoList: videoListCode(config),
  };
}
