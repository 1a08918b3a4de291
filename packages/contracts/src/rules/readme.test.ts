import { describe, expect, it } from 'vitest';

// Vite's glob import (vitest runs on Vite): the rule modules and this folder's README, read
// without Node built-ins, which contracts may not import. Typed here: vite is not a dependency.
declare global {
  interface ImportMeta {
    glob<T = unknown>(
      patterns: string | string[],
      options?: { query?: string; import?: string; eager?: boolean },
    ): Record<string, T>;
  }
}

const modules = Object.keys(import.meta.glob(['./*.ts', '!./*.test.ts']));
const readme =
  Object.values(
    import.meta.glob<string>('./README.md', { query: '?raw', import: 'default', eager: true }),
  )[0] ?? '';

describe('the rules README', () => {
  it('lists every rule module', () => {
    expect(modules.length).toBeGreaterThan(30);
    const missing = modules
      .map((path) => path.slice(2))
      .filter((name) => !readme.includes(`- \`${name}\`:`));
    expect(missing).toEqual([]);
  });
});
