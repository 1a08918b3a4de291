// The platform vocabulary has one home (issue 32): packages/contracts/src/rules/platforms.ts.
// This test reads every source module of the repository and fails when a platform's display
// name or domain is written as a literal anywhere else (it lives in integrations because
// contracts may not read files).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const HOME = 'packages/contracts/src/rules/platforms.ts';
// Earlier releases' seeds, kept exactly as they were stored.
const FROZEN = ['packages/contracts/src/rules/seed-actor-configs-superseded.ts'];

const LABEL_OR_DOMAIN = new RegExp(
  [
    // A display name as a whole string literal: 'TikTok', "X (Twitter)", `Instagram Reels`.
    String.raw`(['"\x60])(TikTok|Douyin|YouTube|Instagram|Facebook|Twitter|X \(Twitter\)|Instagram Reels|Facebook Reels)\1`,
    // A platform domain as a whole string literal: 'tiktok.com', '.youtube.com', 'fb.watch'.
    String.raw`(['"\x60])\.?(tiktok\.com|douyin\.com|iesdouyin\.com|youtube\.com|youtu\.be|instagram\.com|facebook\.com|fb\.com|fb\.watch|twitter\.com|x\.com|google\.com)\3`,
  ].join('|'),
);

/** Not a comment line (comments may name a platform when they explain something). */
const isCode = (line: string): boolean => !/^\s*(\/\/|\/\*|\*)/.test(line);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the platform vocabulary', () => {
  it('is written only in contracts/src/rules/platforms.ts', () => {
    const owners = ['apps', 'packages']
      .flatMap((top) => readdirSync(join(root, top)).map((name) => join(root, top, name, 'src')))
      .filter((dir) => !dir.includes(`${join('packages', 'testkit')}`))
      .flatMap((dir) => {
        try {
          return sourceFiles(dir);
        } catch {
          return [];
        }
      })
      .map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') }))
      // Test helpers (drills, fakes) describe data, they do not name platforms to members.
      .filter(
        ({ file, text }) => file !== HOME && !FROZEN.includes(file) && !/from 'vitest'/.test(text),
      )
      .flatMap(({ file, text }) =>
        text
          .split('\n')
          .flatMap((line, i) =>
            isCode(line) && LABEL_OR_DOMAIN.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(owners).toEqual([]);
  });
});
