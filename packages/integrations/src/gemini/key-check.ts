// Checking an admin's Gemini key: valid or not, and the model it will write with.
import { guarded, modelOf, requestOptions, type GeminiCall } from './call.ts';
import { GeminiError } from './errors.ts';
import {
  chooseGeminiModel,
  configuredMissingNotice,
  listAndChoose,
  retiredModelNotice,
  type GeminiModelChoice,
  type GeminiModelOptions,
} from './models.ts';

export interface GeminiKeyCheck {
  valid: boolean;
  /** Indonesian, for the admin: the verdict, then what changed about the model. */
  message: string;
  /** The model generation will use with this key; null when none could be chosen. */
  model: string | null;
  /** When the key's list was read; null when it was not. */
  checkedAt: Date | null;
  /** The key works but lists no model that writes text: nothing can be generated with it. */
  noTextModel: boolean;
}

/**
 * Checks the key and chooses its model: lists the key's models (refused when the key is bad),
 * chooses one, and makes one countTokens call with it (free; proves the model answers). A
 * chosen model that answers 404 is replaced once. `currentModel` is the model the key used
 * so far: when it is gone from the list, the message says so. A key answered with a quota
 * error is valid. Throws GeminiError when the question could not be answered (network,
 * server): the key's validity stays unknown.
 */
export async function validateGeminiKey(
  args: GeminiCall & GeminiModelOptions & { currentModel?: string | null },
): Promise<GeminiKeyCheck> {
  const failed = { model: null, checkedAt: null, noTextModel: false };
  let listing: { choice: GeminiModelChoice; listed: ReadonlySet<string> };
  try {
    listing = await listAndChoose(args, []);
  } catch (error) {
    if (!(error instanceof GeminiError)) throw error;
    if (error.kind === 'invalid_key')
      return { ...failed, valid: false, message: error.userMessage };
    if (error.kind === 'no_text_model') {
      return { ...failed, valid: false, message: error.userMessage, noTextModel: true };
    }
    if (error.kind === 'quota') return { ...failed, valid: true, message: QUOTA_MESSAGE };
    throw error;
  }
  let { choice } = listing;
  let retired =
    args.currentModel && !listing.listed.has(args.currentModel) ? args.currentModel : null;
  let probe: 'ok' | 'quota';
  try {
    probe = await probeModel(args, choice.model);
  } catch (error) {
    if (!(error instanceof GeminiError)) throw error;
    if (error.kind === 'invalid_key')
      return { ...failed, valid: false, message: error.userMessage };
    if (error.kind !== 'model_not_found') throw error;
    retired = choice.model;
    choice = await chooseGeminiModel({ ...args, exclude: [choice.model] });
    probe = await probeModel(args, choice.model);
  }
  const notes = [probe === 'quota' ? QUOTA_MESSAGE : 'Kunci API Gemini valid.'];
  if (choice.configuredMissing) {
    notes.push(configuredMissingNotice(choice.configuredMissing, choice.model));
  }
  if (retired && retired !== choice.configuredMissing && retired !== choice.model) {
    notes.push(retiredModelNotice(retired, choice.model));
  }
  return {
    valid: true,
    message: notes.join(' '),
    model: choice.model,
    checkedAt: choice.checkedAt,
    noTextModel: false,
  };
}

const QUOTA_MESSAGE = 'Kunci API Gemini valid, tetapi kuotanya sedang habis.';

/** A key that just wrote content counts as checked (issue 31 item 6): what its row then says. */
export const GEMINI_KEY_WORKED = 'Kunci API Gemini valid: konten berhasil dibuat dengan kunci ini.';

/** countTokens with the model: 'quota' when the key is out of quota (still a valid key). */
async function probeModel(args: GeminiCall, model: string): Promise<'ok' | 'quota'> {
  try {
    await guarded(args.signal, () =>
      modelOf(args, model).countTokens('ping', requestOptions(args)),
    );
    return 'ok';
  } catch (error) {
    if (error instanceof GeminiError && error.kind === 'quota') return 'quota';
    throw error;
  }
}
