// The one home of @google/generative-ai (support ended in August 2025; its successor is
// @google/genai): keep every use of it behind this folder so it can be swapped. The parts:
// call.ts (one call's settings and the SDK), errors.ts (what a failure means), content.ts (the
// prompt and reading the answer), models.ts (listing and choosing a key's model, with
// pick-model.ts the pure choice), generate.ts (writing a video's metadata), key-check.ts
// (checking an admin's key).
export { GOOGLE_GEMINI_BASE_URL, type GeminiCall } from './call.ts';
export {
  buildPrompt,
  DEFAULT_DESCRIPTION_SUFFIX,
  DEFAULT_TAGS,
  parseGeneratedContent,
  type GeneratedContent,
} from './content.ts';
export { GeminiError, toGeminiError, type GeminiErrorKind } from './errors.ts';
export { generateVideoContent, type GeminiModelFallback, type GeneratedVideo } from './generate.ts';
export { validateGeminiKey, type GeminiKeyCheck } from './key-check.ts';
export {
  chooseGeminiModel,
  clearGeminiModelChoices,
  configuredMissingNotice,
  listGeminiModels,
  MODEL_CHOICE_MAX_AGE_MS,
  retiredModelNotice,
  type GeminiModelChoice,
  type GeminiModelOptions,
} from './models.ts';
export type { GeminiModelInfo } from './pick-model.ts';
