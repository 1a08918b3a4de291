import { z } from 'zod';
import { ActorConfigSchema } from './actor-configs.ts';
import { defineEndpoint } from './endpoint.ts';

/** The six files, in the spec's tab order; each is downloaded as `{platformId}_{key}.js`. */
export const CODE_KEYS = ['dataParser', 'scrapeWorker', 'ytdlpService', 'previewController', 'downloaderPage', 'videoList'] as const;
export type CodeKey = (typeof CODE_KEYS)[number];

export const GeneratedCodeSchema = z.object({
  dataParser: z.string(),
  scrapeWorker: z.string(),
  ytdlpService: z.string(),
  previewController: z.string(),
  downloaderPage: z.string(),
  videoList: z.string(),
});
export type GeneratedCode = z.infer<typeof GeneratedCodeSchema>;

/** `data.generatedCode` of the body is what the spec's client reads (`data.data.generatedCode`). */
export const GenerateCodeResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ generatedCode: GeneratedCodeSchema }),
});

export const codegenEndpoints = {
  generate: defineEndpoint({
    method: 'POST',
    path: '/api/config/generate-code',
    access: 'admin',
    summary: 'Generate readable, self-contained code files for an actor configuration.',
    tags: ['actor-configs'],
    body: ActorConfigSchema,
    response: GenerateCodeResponseSchema,
  }),
};
