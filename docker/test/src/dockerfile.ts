// A Dockerfile read the way BuildKit reads it, as far as our Dockerfiles go: line continuations,
// comments, stages (FROM ... AS name, FROM <earlier stage>), WORKDIR, ENV, ARG, USER, CMD, RUN and
// COPY/ADD with --from and globs. Anything else that would change what a build sees (COPY
// --parents or --exclude, ADD of a URL, heredocs) is refused, so the install test never
// silently simulates something other than what Docker would build.
import { posix } from 'node:path';

export interface CopyInstruction {
  kind: 'copy';
  /** The stage (or image) named by --from; undefined: the build context. */
  from: string | undefined;
  sources: string[];
  dest: string;
  line: number;
}

export interface RunInstruction {
  kind: 'run';
  command: string;
  line: number;
}

export interface EnvInstruction {
  kind: 'env';
  values: Array<[string, string]>;
  line: number;
}

export interface WorkdirInstruction {
  kind: 'workdir';
  path: string;
  line: number;
}

export type Instruction = CopyInstruction | RunInstruction | EnvInstruction | WorkdirInstruction;

export interface Stage {
  /** The stage's name (AS), else its index as a string. */
  name: string;
  /** The image or earlier stage it starts from. */
  base: string;
  instructions: Instruction[];
  /** The last USER (undefined: root). */
  user: string | undefined;
  /** CMD in exec form. */
  cmd: string[] | undefined;
  /** ARG name -> default (empty string when none). */
  args: Map<string, string>;
}

export class DockerfileError extends Error {}

/** Logical lines: continuations joined, comments and blank lines gone; `line` is where it started. */
function logicalLines(text: string): Array<{ text: string; line: number }> {
  const out: Array<{ text: string; line: number }> = [];
  let current: { text: string; line: number } | undefined;
  text.split(/\r?\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    // Comment lines are dropped even inside a continuation, as BuildKit does.
    if (trimmed.startsWith('#')) return;
    if (current === undefined && trimmed === '') return;
    const continues = /\\\s*$/.test(raw);
    const body = continues ? raw.replace(/\\\s*$/, '') : raw;
    if (current === undefined) current = { text: body.trim(), line: index + 1 };
    else current.text += ` ${body.trim()}`;
    if (!continues) {
      out.push(current);
      current = undefined;
    }
  });
  if (current !== undefined) out.push(current);
  return out;
}

function jsonArray(rest: string): string[] | undefined {
  if (!rest.startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(rest);
    if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string')) return parsed as string[];
  } catch {
    // Not JSON: the shell form, as Docker also falls back to.
  }
  return undefined;
}

/** `KEY=value KEY2="quoted value"` (and the legacy `KEY value`). */
function parseEnvPairs(rest: string, line: number): Array<[string, string]> {
  if (!rest.includes('=')) {
    const [key, ...value] = rest.split(/\s+/);
    if (!key) throw new DockerfileError(`line ${line}: ENV without a name`);
    return [[key, value.join(' ')]];
  }
  const pairs: Array<[string, string]> = [];
  const pattern = /([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g;
  for (const match of rest.matchAll(pattern)) {
    const [, key, raw = ''] = match;
    if (!key) continue;
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw.startsWith("'") ? raw.slice(1, -1) : raw;
    pairs.push([key, value]);
  }
  return pairs;
}

function parseCopy(rest: string, line: number, instruction: string): CopyInstruction {
  const words = rest.split(/\s+/);
  let from: string | undefined;
  while (words[0]?.startsWith('--')) {
    const flag = words.shift() ?? '';
    const [name, value] = flag.slice(2).split('=', 2);
    if (name === 'from') from = value;
    else if (name === 'chown' || name === 'chmod' || name === 'link') continue;
    else throw new DockerfileError(`line ${line}: ${instruction} ${flag} is not simulated by docker/test; extend it first`);
  }
  const remainder = words.join(' ');
  const paths = jsonArray(remainder) ?? words;
  if (paths.some((p) => p.startsWith('<<'))) throw new DockerfileError(`line ${line}: heredocs are not simulated`);
  if (paths.length < 2) throw new DockerfileError(`line ${line}: ${instruction} needs a source and a destination`);
  const dest = paths[paths.length - 1] ?? '';
  const sources = paths.slice(0, -1);
  if (instruction === 'ADD' && sources.some((s) => /^[a-z]+:\/\//i.test(s) || s.startsWith('git@'))) {
    throw new DockerfileError(`line ${line}: ADD of a URL cannot be checked offline; use a RUN with a checksum`);
  }
  return { kind: 'copy', from, sources, dest, line };
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const { text: lineText, line } of logicalLines(text)) {
    const match = /^(\S+)\s*(.*)$/.exec(lineText);
    if (!match) continue;
    const instruction = (match[1] ?? '').toUpperCase();
    const rest = (match[2] ?? '').trim();
    if (instruction === 'FROM') {
      const words = rest.split(/\s+/).filter((w) => !w.startsWith('--platform='));
      const base = words[0];
      if (!base) throw new DockerfileError(`line ${line}: FROM without an image`);
      const name = words[1]?.toUpperCase() === 'AS' && words[2] ? words[2] : String(stages.length);
      stages.push({ name, base, instructions: [], user: undefined, cmd: undefined, args: new Map() });
      continue;
    }
    const stage = stages.at(-1);
    if (stage === undefined) {
      if (instruction === 'ARG') continue;
      throw new DockerfileError(`line ${line}: ${instruction} before the first FROM`);
    }
    switch (instruction) {
      case 'COPY':
      case 'ADD':
        stage.instructions.push(parseCopy(rest, line, instruction));
        break;
      case 'RUN': {
        if (rest.startsWith('--')) throw new DockerfileError(`line ${line}: RUN flags are not simulated`);
        const exec = jsonArray(rest);
        stage.instructions.push({ kind: 'run', command: exec ? exec.join(' ') : rest, line });
        break;
      }
      case 'ENV':
        stage.instructions.push({ kind: 'env', values: parseEnvPairs(rest, line), line });
        break;
      case 'WORKDIR':
        stage.instructions.push({ kind: 'workdir', path: rest, line });
        break;
      case 'ARG': {
        const [name = '', value = ''] = rest.split('=', 2);
        stage.args.set(name.trim(), value.trim());
        break;
      }
      case 'USER':
        stage.user = rest;
        break;
      case 'CMD':
        stage.cmd = jsonArray(rest) ?? ['/bin/sh', '-c', rest];
        break;
      default:
        // EXPOSE, HEALTHCHECK, STOPSIGNAL, LABEL...: nothing a build's files depend on.
        break;
    }
  }
  return stages;
}

/** Where WORKDIR `path` leads from `current` (relative paths build on the current one). */
export function resolveWorkdir(current: string, path: string): string {
  return posix.resolve(current, path);
}
