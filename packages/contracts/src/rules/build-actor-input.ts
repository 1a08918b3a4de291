import type { ActorConfig, ActorOption } from '../http/actor-configs.ts';
import { targetKey, type ScrapeKind } from './scrape-targets.ts';

// Turns what the dashboard sent (the target under its input key, plus option values) into
// the input an Apify actor receives. The server decides what reaches the actor: keys that
// are neither the target's nor a configured option are dropped.

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `dd/MM/yyyy` or `yyyy-MM-dd` -> `yyyy-MM-dd`, or null when it is not a real date. */
export function toIsoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const dmy = DMY.exec(text);
  const ymd = YMD.exec(text);
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  if (!y || !m || !d) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null;
  return `${y}-${m}-${d}`;
}

/**
 * Actors take targets in three shapes: `startUrls` as request objects, plural keys
 * (`postURLs`, `searchQueries`, `hashtags`, `directUrls`) as lists, anything else as text.
 */
export function shapeTarget(key: string, targets: string[]): JsonValue {
  if (key === 'startUrls') return targets.map((url) => ({ url }));
  if (/s$/i.test(key)) return targets;
  return targets[0] ?? '';
}

/** One option's value as the actor expects it, or undefined to leave it out. */
export function coerceOption(option: ActorOption, value: unknown): JsonValue | undefined {
  const raw = value === undefined ? option.default : value;
  if (raw === null || raw === undefined || raw === '') return undefined;
  switch (option.type) {
    case 'number': {
      const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
      return Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      return raw === true || raw === 'true' || raw === 1 || raw === '1';
    case 'date':
      return toIsoDate(raw) ?? undefined;
    case 'select': {
      const text = String(raw);
      if (option.options && option.options.length > 0 && !option.options.some((o) => o.value === text)) return undefined;
      return text;
    }
    default:
      return String(raw);
  }
}

function targetsFrom(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((v) => (typeof v === 'string' ? v : typeof v === 'object' && v !== null && 'url' in v ? String(v.url) : ''))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

export function buildActorInput(
  config: ActorConfig,
  kind: ScrapeKind,
  input: Record<string, unknown>,
  cookies: string[] = [],
): Record<string, JsonValue> {
  const key = targetKey(config, kind);
  const result: Record<string, JsonValue> = {};
  const targets = targetsFrom(input[key] ?? input[config.inputKey]);
  result[key] = shapeTarget(key, targets);
  for (const [name, option] of Object.entries(config.options)) {
    if (name === key) continue;
    const value = coerceOption(option, input[name]);
    if (value !== undefined) result[name] = value;
  }
  if (config.inputKeys.cookies && cookies.length > 0) result[config.inputKeys.cookies] = cookies.join('\n');
  return result;
}
