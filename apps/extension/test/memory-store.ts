// chrome.storage.local's contract in memory (values copied through JSON as the browser does),
// for the tests: a stand-in for the browser, not for a module of ours.
import type { StorageArea } from '../src/lib/state.ts';

export function memoryStore(
  initial: Record<string, unknown> = {},
): StorageArea & { data: Record<string, unknown> } {
  const data: Record<string, unknown> = JSON.parse(JSON.stringify(initial)) as Record<
    string,
    unknown
  >;
  return {
    data,
    async get(keys) {
      return Object.fromEntries(
        keys
          .filter((k) => k in data)
          .map((k) => [k, JSON.parse(JSON.stringify(data[k])) as unknown]),
      );
    },
    async set(items) {
      for (const [k, v] of Object.entries(items))
        data[k] = JSON.parse(JSON.stringify(v)) as unknown;
    },
    async remove(keys) {
      for (const k of Array.isArray(keys) ? keys : [keys]) delete data[k];
    },
  };
}
