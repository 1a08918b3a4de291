// .dockerignore as BuildKit applies it (moby's patternmatcher): patterns are cleaned paths
// relative to the context root; `*` and `?` stay inside one path segment, `**` spans any number
// of them; a pattern that matches a folder excludes everything in it; `!` re-includes; the last
// matching pattern wins.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

interface Rule {
  pattern: string;
  regex: RegExp;
  exclude: boolean;
}

function toRegex(pattern: string): RegExp {
  let out = '^';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        // `**/` matches zero or more folders; a trailing `**` anything below.
        if (pattern[i + 2] === '/') {
          out += '(?:.*/)?';
          i += 2;
        } else {
          out += '.*';
          i += 1;
        }
      } else {
        out += '[^/]*';
      }
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const end = pattern.indexOf(']', i);
      if (end === -1) {
        out += '\\[';
      } else {
        out += pattern.slice(i, end + 1).replace('[!', '[^');
        i = end;
      }
    } else if (c === '\\' && i + 1 < pattern.length) {
      out += `\\${pattern[i + 1] ?? ''}`;
      i += 1;
    } else {
      out += /[.+^${}()|\]\\]/.test(c) ? `\\${c}` : c;
    }
  }
  return new RegExp(`${out}$`);
}

export interface DockerIgnore {
  /** True when `path` (relative to the context, `/`-separated) is not sent to the builder. */
  excludes(path: string): boolean;
  /** True when some `!` rule could re-include something inside an excluded folder. */
  readonly hasExceptions: boolean;
}

export function parseDockerIgnore(text: string): DockerIgnore {
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const exclude = !line.startsWith('!');
    const body = exclude ? line : line.slice(1).trim();
    const pattern = posix.normalize(body).replace(/^\/+/, '').replace(/\/+$/, '');
    if (pattern === '' || pattern === '.') continue;
    rules.push({ pattern, regex: toRegex(pattern), exclude });
  }
  return {
    hasExceptions: rules.some((r) => !r.exclude),
    excludes(path: string): boolean {
      const parts = path.split('/');
      let excluded = false;
      for (const rule of rules) {
        // The rule matches the path itself or one of the folders it is in.
        let matched = false;
        for (let n = parts.length; n >= 1 && !matched; n--) matched = rule.regex.test(parts.slice(0, n).join('/'));
        if (matched) excluded = rule.exclude;
      }
      return excluded;
    },
  };
}

export function readDockerIgnore(contextDir: string): DockerIgnore {
  try {
    return parseDockerIgnore(readFileSync(join(contextDir, '.dockerignore'), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return parseDockerIgnore('');
    throw error;
  }
}
