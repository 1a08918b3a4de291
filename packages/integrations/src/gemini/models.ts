// Which model a key writes with: models.list (a plain fetch: the SDK cannot list models), the
// choice (pick-model.ts) kept in memory for a day, and the notices when a model is gone.
import { createHash } from 'node:crypto';
import { baseOf, requestOptions, type GeminiCall } from './call.ts';
import { GeminiError, statusError } from './errors.ts';
import { pickGeminiModel, type GeminiModelInfo } from './pick-model.ts';

/** How long a model choice is trusted before the key's list is read again. */
export const MODEL_CHOICE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** What chooses the model: GEMINI_MODEL when the operator set it (undefined: choose). */
export interface GeminiModelOptions {
  configuredModel?: string | undefined;
}

export interface GeminiModelChoice {
  model: string;
  /** GEMINI_MODEL when it was set but the key does not list it (retired or not available). */
  configuredMissing: string | null;
  /** When the key's list was read. */
  checkedAt: Date;
}

/** Indonesian, naming the model that is gone and the one used instead. */
export function retiredModelNotice(retired: string, used: string): string {
  return `Model Gemini ${retired} sudah dihentikan atau tidak tersedia lagi (404 NOT_FOUND); sebagai gantinya dipakai ${used}.`;
}

/** Indonesian: GEMINI_MODEL is set to a model the key does not list. */
export function configuredMissingNotice(configured: string, used: string): string {
  return `GEMINI_MODEL ${configured} tidak ada di daftar model kunci ini (sudah dihentikan atau tidak tersedia); yang dipakai ${used}.`;
}

const LIST_PAGE_SIZE = 1000;
/** A service that keeps sending page tokens does not keep us listing forever. */
const MAX_LIST_PAGES = 50;

/**
 * Every model the key can use (models.list, all pages): `GET {base}/v1beta/models` with the key
 * in `x-goog-api-key`, following nextPageToken.
 */
export async function listGeminiModels(
  args: GeminiCall & { pageSize?: number },
): Promise<GeminiModelInfo[]> {
  const models: GeminiModelInfo[] = [];
  let pageToken = '';
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const url = new URL(`${baseOf(args)}/v1beta/models`);
    url.searchParams.set('pageSize', String(args.pageSize ?? LIST_PAGE_SIZE));
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    const body = recordOf(await fetchJson(args, url));
    for (const entry of Array.isArray(body.models) ? body.models : []) {
      const model = modelInfoOf(entry);
      if (model) models.push(model);
    }
    pageToken = typeof body.nextPageToken === 'string' ? body.nextPageToken : '';
    if (!pageToken) return models;
  }
  return models;
}

/** In-memory choices per base URL, key and configured model (the key only as a hash). */
const choices = new Map<string, GeminiModelChoice>();

/** Forgets the choices made in this process (tests). */
export function clearGeminiModelChoices(): void {
  choices.clear();
}

/**
 * The model to write with: GEMINI_MODEL when the key lists it, else the newest stable flash
 * text model (pick-model.ts). Kept in memory for a day; `fresh` reads the list anyway,
 * `exclude` (models that just answered 404) does too. Throws GeminiError 'no_text_model' when
 * the key can use no text model.
 */
export async function chooseGeminiModel(
  args: GeminiCall & GeminiModelOptions & { exclude?: readonly string[]; fresh?: boolean },
): Promise<GeminiModelChoice> {
  const cached = choices.get(choiceKey(args));
  const exclude = args.exclude ?? [];
  if (
    cached &&
    !args.fresh &&
    !exclude.includes(cached.model) &&
    Date.now() - cached.checkedAt.getTime() < MODEL_CHOICE_MAX_AGE_MS
  ) {
    return cached;
  }
  return (await listAndChoose(args, exclude)).choice;
}

export async function listAndChoose(
  args: GeminiCall & GeminiModelOptions,
  exclude: readonly string[],
): Promise<{ choice: GeminiModelChoice; listed: ReadonlySet<string> }> {
  const key = choiceKey(args);
  const models = await listGeminiModels(args);
  const pick = pickGeminiModel(models, { configured: args.configuredModel, exclude });
  if (!pick) {
    choices.delete(key);
    throw new GeminiError(
      'no_text_model',
      `The key lists ${models.length} models, none of them a text model that supports generateContent`,
      { status: null },
    );
  }
  const choice: GeminiModelChoice = { ...pick, checkedAt: new Date() };
  choices.set(key, choice);
  return { choice, listed: new Set(models.map((model) => model.id)) };
}

function choiceKey(args: GeminiCall & GeminiModelOptions): string {
  return createHash('sha256')
    .update(`${baseOf(args)}\n${args.apiKey}\n${args.configuredModel ?? ''}`)
    .digest('hex');
}

/** A GET with the key in its header, answered JSON; errors classified like the SDK's. */
async function fetchJson(args: GeminiCall, url: URL): Promise<unknown> {
  const options = requestOptions(args);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'x-goog-api-key': args.apiKey, accept: 'application/json' },
      signal: options.signal,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (args.signal?.aborted) throw new GeminiError('cancelled', message, { cause: error });
    throw new GeminiError('network', `Error fetching from ${url.pathname}: ${message}`, {
      cause: error,
    });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (args.signal?.aborted) throw new GeminiError('cancelled', message, { cause: error });
    if (!response.ok) throw statusError(response.status, response.statusText, undefined, error);
    throw new GeminiError('server', `Gemini answered ${url.pathname} with no JSON: ${message}`, {
      status: response.status,
      cause: error,
    });
  }
  if (response.ok) return body;
  const problem = recordOf(recordOf(body).error);
  const message = typeof problem.message === 'string' ? problem.message : response.statusText;
  throw statusError(response.status, message, problem.details);
}

function modelInfoOf(value: unknown): GeminiModelInfo | undefined {
  const entry = recordOf(value);
  if (typeof entry.name !== 'string') return undefined;
  const id = entry.name.replace(/^models\//, '');
  const methods = Array.isArray(entry.supportedGenerationMethods)
    ? entry.supportedGenerationMethods.filter((m): m is string => typeof m === 'string')
    : [];
  return {
    id,
    displayName: typeof entry.displayName === 'string' ? entry.displayName : id,
    supportedGenerationMethods: methods,
  };
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
