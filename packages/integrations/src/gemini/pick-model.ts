// Which Gemini model to write with, from what a key lists. Pure: the listing itself is in
// models.ts. Models retire (gemini-2.0-flash was shut down on 2026-06-01), so no model is ever
// hard-coded as the only choice: we take the newest stable `flash` text model the key can use.

/** A model as models.list describes it, reduced to what the choice needs. */
export interface GeminiModelInfo {
  /** Without the `models/` prefix: `gemini-3.5-flash`. */
  id: string;
  displayName: string;
  supportedGenerationMethods: string[];
}

/** What a model id says about itself. */
export interface GeminiModelName {
  id: string;
  /** `[3, 5]` for gemini-3.5-flash, `[3, 0]` for gemini-3-flash; null for aliases (gemini-flash-latest). */
  version: [number, number] | null;
  tier: 'flash' | 'pro' | 'other';
  /** Lighter or not-yet-stable: -lite, -preview, -exp, -latest (an alias that may point at a preview). */
  lite: boolean;
  unstable: boolean;
  /** Writes no text: image, speech, live audio, embeddings, computer use, robotics. */
  nonText: boolean;
  /** Nothing after the tier: gemini-2.5-flash rather than gemini-2.5-flash-001. */
  bare: boolean;
}

const NON_TEXT_TOKENS = new Set([
  'image',
  'tts',
  'live',
  'audio',
  'native',
  'embedding',
  'computer',
  'robotics',
  'vision',
  'veo',
  'imagen',
]);
const UNSTABLE_TOKENS = new Set(['preview', 'exp', 'experimental', 'latest']);

/** Reads a Gemini model id; undefined for anything that is not `gemini-...` (Gemma, Imagen, Veo). */
export function parseGeminiModelName(name: string): GeminiModelName | undefined {
  const id = name.replace(/^models\//, '');
  const tokens = id.toLowerCase().split('-');
  if (tokens[0] !== 'gemini' || tokens.length < 2) return undefined;
  const rest = tokens.slice(1);
  const versionToken = rest.find((token) => /^\d+(\.\d+)?$/.test(token));
  const [major = 0, minor = 0] = (versionToken ?? '').split('.').map(Number);
  const tierIndex = rest.findIndex((token) => token === 'flash' || token === 'pro');
  const tier = tierIndex === -1 ? 'other' : rest[tierIndex] === 'flash' ? 'flash' : 'pro';
  const afterTier = tierIndex === -1 ? [] : rest.slice(tierIndex + 1);
  return {
    id,
    version: versionToken === undefined ? null : [major, minor],
    tier,
    lite: rest.includes('lite'),
    unstable: rest.some((token) => UNSTABLE_TOKENS.has(token) || /^exp\d*$/.test(token)),
    nonText: rest.some((token) => NON_TEXT_TOKENS.has(token)),
    bare: tierIndex !== -1 && afterTier.length === 0,
  };
}

/** A Gemini model that writes text: it supports generateContent and makes no image, speech or embedding. */
export function isGeminiTextModel(model: GeminiModelInfo): boolean {
  if (!model.supportedGenerationMethods.includes('generateContent')) return false;
  const name = parseGeminiModelName(model.id);
  return name !== undefined && !name.nonText;
}

/**
 * The order of preference among text models, best first (negative when `a` is better):
 * 1. flash before pro before anything else (flash is the quick, cheap tier this job needs);
 * 2. stable before -lite, before -preview/-exp, before a lite preview; an unversioned alias
 *    (gemini-flash-latest, which may point at a preview) after all of those;
 * 3. the newer version (3.5 > 3 > 2.5);
 * 4. the bare name (Google keeps it on the current stable build) before a pinned -001, then
 *    by id, later first, so the order is total.
 */
export function compareGeminiModels(a: string, b: string): number {
  const x = parseGeminiModelName(a);
  const y = parseGeminiModelName(b);
  if (!x || !y) return x ? -1 : y ? 1 : a.localeCompare(b);
  return (
    tierRank(x) - tierRank(y) ||
    stabilityRank(x) - stabilityRank(y) ||
    compareVersions(y.version, x.version) ||
    Number(y.bare) - Number(x.bare) ||
    y.id.localeCompare(x.id)
  );
}

export interface GeminiModelPick {
  model: string;
  /** The configured model when it was asked for but the key does not list it (as a text model). */
  configuredMissing: string | null;
}

/**
 * The model to use: the configured one when the key lists it with generateContent, else the
 * best text model by compareGeminiModels. `exclude` holds models that just answered 404.
 * Undefined when the key can use no text model at all.
 */
export function pickGeminiModel(
  models: readonly GeminiModelInfo[],
  options: { configured?: string | undefined; exclude?: readonly string[] } = {},
): GeminiModelPick | undefined {
  const excluded = new Set(options.exclude ?? []);
  const usable = models.filter((model) => !excluded.has(model.id));
  const configured = options.configured?.replace(/^models\//, '');
  if (configured) {
    const listed = usable.find((model) => model.id === configured);
    if (listed?.supportedGenerationMethods.includes('generateContent')) {
      return { model: configured, configuredMissing: null };
    }
  }
  const best = usable
    .filter(isGeminiTextModel)
    .map((model) => model.id)
    .sort(compareGeminiModels)[0];
  if (best === undefined) return undefined;
  return { model: best, configuredMissing: configured || null };
}

function tierRank(name: GeminiModelName): number {
  return name.tier === 'flash' ? 0 : name.tier === 'pro' ? 1 : 2;
}

function stabilityRank(name: GeminiModelName): number {
  if (name.version === null) return 4;
  return (name.unstable ? 2 : 0) + (name.lite ? 1 : 0);
}

function compareVersions(a: [number, number] | null, b: [number, number] | null): number {
  if (!a || !b) return a ? 1 : b ? -1 : 0;
  return a[0] - b[0] || a[1] - b[1];
}
