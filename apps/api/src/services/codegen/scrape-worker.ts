import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { codeFileName } from './code-keys.ts';
import { fileHeader, joinSections, jsLiteral, stringLiteral } from './js-source.ts';

// The generated `{platformId}_scrapeWorker.js`: starts the actor with apify-client, follows
// the run, pages through its dataset and maps the items with the sibling data parser. The
// input is built the way rules/build-actor-input.ts builds it for this config.

export function scrapeWorkerCode(config: ActorConfig): string {
  const parserFile = `./${codeFileName(config.platformId, 'dataParser')}`;
  return joinSections([
    fileHeader(config, 'scrapeWorker', [
      'Starts the actor on Apify with apify-client, waits for the run, reads every dataset',
      'item page by page and maps them with parseItems from the data parser beside this file.',
      'Needs the apify-client package and an Apify API token.',
      '',
      "  const { items } = await scrape({ token, kind: 'keyword', targets: ['kopi susu'] });",
    ]),
    [`import { ApifyClient } from 'apify-client';`, `import { parseItems } from ${stringLiteral(parserFile)};`].join('\n'),
    constantsSection(config),
    SCRAPE,
    INPUT_BUILDING,
  ]);
}

function constantsSection(config: ActorConfig): string {
  const inputKeys = { url: config.inputKeys.url, keyword: config.inputKeys.keyword, cookies: config.inputKeys.cookies };
  return [
    '// ---- Actor config -------------------------------------------------------------------',
    '',
    `const ACTOR_ID = ${stringLiteral(config.actorId)};`,
    '// Targets go under INPUT_KEYS[kind] when set, else under INPUT_KEY.',
    `const INPUT_KEY = ${stringLiteral(config.inputKey)};`,
    `const INPUT_KEYS = ${jsLiteral(inputKeys)};`,
    "// The options the actor is given, under these (the actor's own) input keys; a value",
    '// the caller leaves out takes the default, and options without a value are left out.',
    `const OPTIONS = ${jsLiteral(config.options)};`,
    '',
    '// Dataset items read per request, and how long one waitForFinish call may wait.',
    'const PAGE_SIZE = 1000;',
    'const WAIT_SECS = 60;',
    "const FINISHED_STATUSES = new Set(['SUCCEEDED', 'FAILED', 'TIMED-OUT', 'ABORTED']);",
  ].join('\n');
}

const SCRAPE = String.raw`// ---- Scrape -------------------------------------------------------------------------

/**
 * Runs the actor for one scrape and returns its mapped video items.
 *
 * - kind: 'url' or 'keyword' (decides the input key the targets go under).
 * - targets: URLs or keywords; options: option values by key (defaults fill the rest);
 *   cookies: cookie strings, sent only when the config names a cookies input key.
 * - onRun(run) is called with the run after the start and after every wait.
 */
export async function scrape({ token, kind, targets, options = {}, cookies = [], waitSecs = WAIT_SECS, onRun }) {
  if (kind !== 'url' && kind !== 'keyword') throw new Error("kind must be 'url' or 'keyword'");
  const client = new ApifyClient({ token });
  const input = buildActorInput(kind, { ...options, [targetKey(kind)]: targets }, cookies);

  let run = await client.actor(ACTOR_ID).start(input);
  onRun?.(run);
  while (!FINISHED_STATUSES.has(run.status)) {
    run = await client.run(run.id).waitForFinish({ waitSecs });
    onRun?.(run);
  }
  if (run.status !== 'SUCCEEDED') {
    throw new Error('Apify run ' + run.id + ' of ' + ACTOR_ID + ' ended with status ' + run.status);
  }

  const rawItems = await listAllItems(client, run.defaultDatasetId);
  return { runId: run.id, datasetId: run.defaultDatasetId, rawItems, items: parseItems(rawItems) };
}

/** Every item of a dataset, PAGE_SIZE at a time. */
export async function listAllItems(client, datasetId) {
  const items = [];
  let offset = 0;
  for (;;) {
    const page = await client.dataset(datasetId).listItems({ offset, limit: PAGE_SIZE });
    for (const item of page.items) items.push(item);
    offset += page.items.length;
    if (page.items.length === 0 || offset >= page.total) return items;
  }
}`;

const INPUT_BUILDING = String.raw`// ---- Actor input --------------------------------------------------------------------
// Only the target's key and the configured options reach the actor; other keys in the
// caller's input are dropped.

/** The key the targets go under for this kind of scrape. */
export function targetKey(kind) {
  return INPUT_KEYS[kind] || INPUT_KEY;
}

export function buildActorInput(kind, input, cookies = []) {
  const key = targetKey(kind);
  const result = {};
  const targets = targetsFrom(input[key] ?? input[INPUT_KEY]);
  setOwn(result, key, shapeTarget(key, targets));
  for (const [name, option] of Object.entries(OPTIONS)) {
    if (name === key) continue;
    const value = coerceOption(option, Object.hasOwn(input, name) ? input[name] : undefined);
    if (value !== undefined) setOwn(result, name, value);
  }
  if (INPUT_KEYS.cookies && cookies.length > 0) setOwn(result, INPUT_KEYS.cookies, cookies.join('\n'));
  return result;
}

/** startUrls takes request objects, plural keys (postURLs, searchQueries) lists, others one text. */
function shapeTarget(key, targets) {
  if (key === 'startUrls') return targets.map((url) => ({ url }));
  if (/s$/i.test(key)) return targets;
  return targets[0] ?? '';
}

function targetsFrom(value) {
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((entry) => (typeof entry === 'string' ? entry : typeof entry === 'object' && entry !== null && 'url' in entry ? String(entry.url) : ''))
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/** One option's value as the actor expects it, or undefined to leave it out. */
function coerceOption(option, value) {
  const raw = value === undefined ? option.default : value;
  if (raw === null || raw === undefined || raw === '') return undefined;
  switch (option.type) {
    case 'number': {
      const number = typeof raw === 'number' ? raw : Number(String(raw).trim());
      return Number.isFinite(number) ? number : undefined;
    }
    case 'boolean':
      return raw === true || raw === 'true' || raw === 1 || raw === '1';
    case 'date':
      return toIsoDate(raw) ?? undefined;
    case 'select': {
      const text = String(raw);
      const choices = option.options ?? [];
      if (choices.length > 0 && !choices.some((choice) => choice.value === text)) return undefined;
      return text;
    }
    default:
      return String(raw);
  }
}

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'dd/MM/yyyy' or 'yyyy-MM-dd' -> 'yyyy-MM-dd', or null when it is not a real date. */
function toIsoDate(value) {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const dmy = DMY.exec(text);
  const ymd = YMD.exec(text);
  const [year, month, day] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const isReal = date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
  return isReal ? year + '-' + month + '-' + day : null;
}

/** Sets an own property even for a key like '__proto__', which plain assignment would not. */
function setOwn(target, key, value) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}`;
