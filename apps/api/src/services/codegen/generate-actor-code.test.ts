import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ActorConfigSchema, type ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { seedActorConfigs } from '@scrapper/contracts/rules/seed-actor-configs';
import { CODE_KEYS, codeFileName, generateActorCode } from './generate-actor-code.ts';
import { HOSTILE, hostileConfig } from './hostile-config.fixture.ts';
import { commentText, jsLiteral, stringLiteral } from './js-source.ts';

// Every generated file must be valid JavaScript for every config, including one whose
// every field holds text built to break out of literals and comments. Running the files
// is covered by data-parser.test.ts and generated-modules.test.ts.

const seeds: ActorConfig[] = seedActorConfigs.map((input) => ActorConfigSchema.parse(input));

/** Syntax errors in `code` read as a JavaScript ES module, as messages. */
function syntaxErrors(code: string, fileName: string): string[] {
  const output = ts.transpileModule(code, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: { allowJs: true, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return (output.diagnostics ?? []).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/** Identifiers named `name` in the syntax tree of `code` (strings and comments are not
 * identifiers, so text that stayed data never shows up here). */
function identifiersNamed(code: string, name: string): number {
  const source = ts.createSourceFile('file.js', code, ts.ScriptTarget.ES2022, false, ts.ScriptKind.JS);
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) count += 1;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}

describe('CODE_KEYS and codeFileName', () => {
  it('lists the six files in the order of the generator tabs', () => {
    expect(CODE_KEYS).toEqual(['dataParser', 'scrapeWorker', 'ytdlpService', 'previewController', 'downloaderPage', 'videoList']);
  });

  it('names files {platformId}_{codeKey}.js', () => {
    expect(codeFileName('tiktok', 'dataParser')).toBe('tiktok_dataParser.js');
    expect(codeFileName('my-actor_2', 'videoList')).toBe('my-actor_2_videoList.js');
  });
});

describe('generateActorCode', () => {
  it('gives exactly the six code keys, each a non-empty file ending in a newline', () => {
    const code = generateActorCode(seeds[0] ?? hostileConfig);
    expect(Object.keys(code)).toEqual([...CODE_KEYS]);
    for (const key of CODE_KEYS) expect(code[key]).toMatch(/\S[\s\S]*\n$/);
  });

  it('is deterministic', () => {
    expect(generateActorCode(hostileConfig)).toEqual(generateActorCode(hostileConfig));
  });

  for (const config of seeds) {
    it(`generates syntactically valid modules for the ${config.platformId} seed config`, () => {
      const code = generateActorCode(config);
      for (const key of CODE_KEYS) {
        expect(syntaxErrors(code[key], codeFileName(config.platformId, key)), key).toEqual([]);
      }
    });
  }

  it('starts every file with a header naming the file, platform and actor', () => {
    const config = seeds.find((seed) => seed.platformId === 'instagram');
    if (!config) throw new Error('no instagram seed');
    const code = generateActorCode(config);
    for (const key of CODE_KEYS) {
      const header = code[key].split('\n').slice(0, 3).join('\n');
      expect(header).toBe(`// instagram_${key}.js\n// Platform: Instagram (instagram)\n// Apify actor: apify/instagram-scraper`);
    }
  });

  it('embeds the config: actor id, input keys, paths, preview settings, display name', () => {
    const youtube = seeds.find((seed) => seed.platformId === 'youtube');
    if (!youtube) throw new Error('no youtube seed');
    const code = generateActorCode(youtube);
    expect(code.dataParser).toContain('const DURATION_PATHS = ["duration"];');
    expect(code.dataParser).toContain('const URL_TEMPLATE = "https://www.youtube.com/watch?v={id}";');
    expect(code.scrapeWorker).toContain('const ACTOR_ID = "streamers/youtube-scraper";');
    expect(code.scrapeWorker).toContain("import { parseItems } from \"./youtube_dataParser.js\";");
    expect(code.previewController).toContain('export const MAX_DURATION_SECONDS = 30;');
    expect(code.downloaderPage).toContain('const DISPLAY_NAME = "YouTube";');
    expect(code.videoList).toContain('const PLATFORM = "youtube";');
  });

  it('leaves out the helpers a config does not use', () => {
    const instagram = seeds.find((seed) => seed.platformId === 'instagram');
    const youtube = seeds.find((seed) => seed.platformId === 'youtube');
    if (!instagram || !youtube) throw new Error('missing seed');
    const noTemplate = { ...instagram, platformSpecific: { ...instagram.platformSpecific, urlGeneration: { authorField: '', idField: '', template: '' } } };
    expect(generateActorCode(noTemplate).dataParser).not.toContain('function fillUrlTemplate');
    expect(generateActorCode(instagram).dataParser).toContain('function fillUrlTemplate');
    expect(generateActorCode(instagram).dataParser).toContain('function isVideoValue');
    expect(generateActorCode(youtube).dataParser).not.toContain('function isVideoValue');
    expect(generateActorCode(youtube).dataParser).not.toContain('function findDimensions');
  });
});

describe('generateActorCode with hostile config text', () => {
  // platformId is pattern-checked by the schema; a config that skipped parsing is covered too.
  const configs: ActorConfig[] = [hostileConfig, { ...hostileConfig, platformId: HOSTILE }];

  for (const [index, config] of configs.entries()) {
    it(`keeps every file valid JavaScript (${index === 0 ? 'parsed config' : 'unparsed platformId'})`, () => {
      const code = generateActorCode(config);
      for (const key of CODE_KEYS) expect(syntaxErrors(code[key], `${key}.js`), key).toEqual([]);
    });

    it(`keeps config text as data: no injected code, no markup breakouts (${index === 0 ? 'parsed config' : 'unparsed platformId'})`, () => {
      const code = generateActorCode(config);
      for (const key of CODE_KEYS) {
        expect(identifiersNamed(code[key], '__cgPwned'), key).toBe(0);
        expect(code[key], key).not.toContain('</script>');
        expect(code[key], key).not.toMatch(/[\u2028\u2029\u202e\r]/);
      }
      // The identifier check does see injected code when there is some.
      expect(identifiersNamed('const a = 1; globalThis.__cgPwned = 2;', '__cgPwned')).toBe(1);
    });
  }
});

describe('js-source helpers', () => {
  it('writes strings as literals that evaluate back to the same text', () => {
    const literal = stringLiteral(HOSTILE);
    expect(literal).not.toMatch(/[<>\u2028\u2029\u202e\n\r]/);
    expect(JSON.parse(literal)).toBe(HOSTILE);
  });

  it('writes a __proto__ key as a computed key, so it stays an own property', () => {
    const value: unknown = JSON.parse('{"__proto__": {"polluted": true}, "a-b": 1, "ok": [null, 2]}');
    const literal = jsLiteral(value);
    expect(literal).toBe('{ ["__proto__"]: { polluted: true }, "a-b": 1, ok: [null, 2] }');
  });

  it('writes non-finite numbers as null and leaves out undefined members, like JSON', () => {
    expect(jsLiteral({ a: Number.NaN, b: undefined, c: Infinity })).toBe('{ a: null, c: null }');
  });

  it('makes comment text single-line and unable to close a block comment', () => {
    expect(commentText('a\nb\r\u2028c */ d\u202e')).toBe('a b  c * / d');
  });
});
