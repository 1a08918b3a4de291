// The one home of @google/generative-ai (support ended in August 2025; its successor is
// @google/genai): keep every use of it behind this folder so it can be swapped. The parts:
// call.ts (one call's settings and the SDK), errors.ts (what a failure means), content.ts (the
// prompt and reading the answer), models.ts (listing and choosing a key's model, with
// pick-model.ts the pure choice), generate.ts (writing a video's metadata), key-check.ts
// (checking an admin's key).
export { type GeminiCall } from './call.ts';
export { DEFAULT_DESCRIPTION_SUFFIX, DEFAULT_TAGS } from './content.ts';
export { GeminiError, toGeminiError } from './errors.ts';
export { generateVideoContent } from './generate.ts';
export { GEMINI_KEY_WORKED, validateGeminiKey } from './key-check.ts';
export {
  chooseGeminiModel,
  clearGeminiModelChoices,
  listGeminiModels,
  MODEL_CHOICE_MAX_AGE_MS,
  type GeminiModelOptions,
} from './models.ts';
