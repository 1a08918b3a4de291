// The generated files, in the order the code generator modal shows them as tabs (spec part 1
// section 2) and the order of the `generatedCode` object of POST /config/generate-code.

export const CODE_KEYS = ['dataParser', 'scrapeWorker', 'ytdlpService', 'previewController', 'downloaderPage', 'videoList'] as const;
export type CodeKey = (typeof CODE_KEYS)[number];

/** Every generated file, as source text keyed by its code key. */
export type GeneratedCode = { [Key in CodeKey]: string };

/** The download name of a generated file: `{platformId}_{codeKey}.js` (spec part 1 section 7). */
export function codeFileName(platformId: string, key: CodeKey): string {
  return `${platformId}_${key}.js`;
}
