// Builds a Dockerfile without Docker, as far as its files go: every stage is a folder standing
// for the image's root (WORKDIR /app is <stage>/app); each COPY copies exactly what Docker would
// copy (the build context through .dockerignore, or an earlier stage's files for --from, globs
// included); `pnpm` RUNs run for real, `pnpm install` offline from the local pnpm store; the
// other RUNs are ones this file knows (system packages, the yt-dlp download, folders) and stand
// in for their effect, and an unknown RUN stops the simulation, so nothing is skipped unseen.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, posix } from 'node:path';
import type { DockerIgnore } from './dockerignore.ts';
import { run } from './repo.ts';
import { parseDockerfile, resolveWorkdir, type CopyInstruction, type RunInstruction, type Stage } from './dockerfile.ts';

export interface SimulateOptions {
  /** The build context (the repository root). */
  contextDir: string;
  ignore: DockerIgnore;
  /** Where the stages' folders go (one folder per stage). */
  workDir: string;
  /** How to run pnpm: the command and its leading arguments (e.g. npx --yes pnpm@10.x). */
  pnpm: string[];
  /** The pnpm store the repository's install filled (`pnpm store path`). */
  storeDir: string;
  /** Stop after this stage (default: build them all). */
  target?: string;
}

export interface StageResult {
  stage: Stage;
  /** The folder standing for the stage's `/`. */
  root: string;
  /** WORKDIR at the end of the stage (inside the image). */
  workdir: string;
  env: Record<string, string>;
  /** What the simulation did, one line each (for the test's report). */
  log: string[];
}

export class SimulationError extends Error {}

const GLOB = /[*?[]/;

/** Every path of the context below `dir` (relative, `/`-separated), minus what .dockerignore drops. */
function contextEntries(contextDir: string, ignore: DockerIgnore, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(contextDir, rel))) {
      const child = rel === '' ? name : `${rel}/${name}`;
      if (ignore.excludes(child)) continue;
      out.push(child);
      if (lstatSync(join(contextDir, child)).isDirectory()) walk(child);
    }
  };
  walk(dir);
  return out;
}

/** Go's filepath.Match, segment by segment, as Docker matches COPY sources. */
function matchSegments(pattern: string, path: string): boolean {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return false;
  return p.every((seg, i) => {
    let re = '^';
    for (let k = 0; k < seg.length; k++) {
      const c = seg[k] ?? '';
      if (c === '*') re += '[^/]*';
      else if (c === '?') re += '[^/]';
      else if (c === '[') {
        const end = seg.indexOf(']', k);
        re += end === -1 ? '\\[' : seg.slice(k, end + 1).replace('[!', '[^');
        if (end !== -1) k = end;
      } else re += /[.+^${}()|\]\\]/.test(c) ? `\\${c}` : c;
    }
    return new RegExp(`${re}$`).test(s[i] ?? '');
  });
}

function copyContextPath(options: SimulateOptions, rel: string, target: string): void {
  const source = join(options.contextDir, rel);
  if (!lstatSync(source).isDirectory()) {
    mkdirSync(posix.dirname(target), { recursive: true });
    // A new file, never a write through a hard link shared with an earlier stage.
    rmSync(target, { force: true });
    cpSync(source, target, { verbatimSymlinks: true });
    return;
  }
  mkdirSync(target, { recursive: true });
  for (const child of contextEntries(options.contextDir, options.ignore, rel)) {
    const to = join(target, child.slice(rel.length + 1));
    const stat = lstatSync(join(options.contextDir, child));
    if (stat.isDirectory()) {
      mkdirSync(to, { recursive: true });
    } else {
      rmSync(to, { force: true });
      cpSync(join(options.contextDir, child), to, { verbatimSymlinks: true });
    }
  }
}

/** A stage's files into another stage: hard links (fast, and nothing writes to them later). */
function copyStagePath(source: string, target: string): void {
  mkdirSync(posix.dirname(target), { recursive: true });
  const result = spawnSync('cp', ['-a', '-l', '-T', source, target], { encoding: 'utf8' });
  if (result.status !== 0) throw new SimulationError(`cp ${source} ${target}: ${result.stderr}`);
}

function runCopy(options: SimulateOptions, stages: Map<string, StageResult>, current: StageResult, copy: CopyInstruction): void {
  const destInImage = posix.resolve(current.workdir, copy.dest);
  const destIsDir = copy.dest.endsWith('/') || copy.sources.length > 1 || copy.sources.some((s) => GLOB.test(s));
  const dest = join(current.root, destInImage);
  if (copy.from !== undefined) {
    const from = stages.get(copy.from);
    if (from === undefined) throw new SimulationError(`line ${copy.line}: COPY --from=${copy.from}: not a stage of this Dockerfile (images cannot be simulated)`);
    for (const source of copy.sources) {
      if (GLOB.test(source)) throw new SimulationError(`line ${copy.line}: globs in COPY --from are not simulated`);
      const path = join(from.root, posix.resolve('/', source));
      if (!existsSync(path)) throw new SimulationError(`line ${copy.line}: COPY --from=${copy.from} ${source}: not found in stage ${copy.from}`);
      const isDir = statSync(path).isDirectory();
      copyStagePath(path, isDir || !destIsDir ? dest : join(dest, basename(source)));
    }
    current.log.push(`COPY --from=${copy.from} ${copy.sources.join(' ')} ${copy.dest}`);
    return;
  }
  for (const source of copy.sources) {
    const rel = posix.normalize(source).replace(/^\/+/, '').replace(/^\.\/?/, '').replace(/\/+$/, '');
    let matches: string[];
    if (GLOB.test(rel)) {
      const depth = rel.split('/').length;
      matches = contextEntries(options.contextDir, options.ignore, '').filter((p) => p.split('/').length === depth && matchSegments(rel, p));
    } else {
      matches = rel !== '' && !options.ignore.excludes(rel) && existsSync(join(options.contextDir, rel)) ? [rel] : [];
    }
    if (rel === '') matches = [''];
    if (matches.length === 0) {
      throw new SimulationError(`line ${copy.line}: COPY ${source}: not found in the build context (or excluded by .dockerignore)`);
    }
    for (const match of matches) {
      const isDir = match === '' || lstatSync(join(options.contextDir, match)).isDirectory();
      // A folder's contents go into the destination; a file goes into it (dir) or becomes it.
      if (match === '') {
        for (const child of contextEntries(options.contextDir, options.ignore, '').filter((p) => !p.includes('/'))) copyContextPath(options, child, join(dest, child));
      } else copyContextPath(options, match, isDir || !destIsDir ? dest : join(dest, basename(match)));
    }
  }
  current.log.push(`COPY ${copy.sources.join(' ')} ${copy.dest}`);
}

/** Splits a simple command into words (quotes honoured); undefined when it is more than one command. */
export function simpleCommandWords(command: string): string[] | undefined {
  const words: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|([^\s"'|&;<>()$`]+)|(\S)/g;
  for (const match of command.matchAll(pattern)) {
    if (match[4] !== undefined) return undefined;
    words.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  return words;
}

/**
 * RUNs the simulation knows and does not run: what they change is not what an install or a build
 * of ours reads, or it stands in for it. Anything else must be `pnpm ...` or is refused.
 */
const KNOWN_RUNS: Array<{ pattern: RegExp; why: string; effect?: (match: RegExpExecArray, stage: StageResult) => void }> = [
  { pattern: /^corepack enable pnpm$/, why: 'pnpm: the test runs its own pnpm of the same version' },
  { pattern: /^corepack enable pnpm && corepack install && chmod -R a\+rX "\$COREPACK_HOME"$/, why: 'pnpm for `pnpm secrets:rotate`: the test runs its own' },
  { pattern: /^apt-get update && apt-get install -y --no-install-recommends [a-z0-9 .+-]+ && rm -rf \/var\/lib\/apt\/lists\/\*$/, why: 'Debian packages (their names are checked by the test)' },
  {
    pattern: /^install-yt-dlp\.sh (\/\S+)$/,
    why: 'the yt-dlp download (the script is tested against a local release server)',
    effect: (match, stage) => {
      const path = join(stage.root, match[1] ?? '');
      mkdirSync(posix.dirname(path), { recursive: true });
      writeFileSync(path, '#!/bin/sh\necho stand-in for the downloaded yt-dlp\n', { mode: 0o755 });
    },
  },
  {
    pattern: /^mkdir -p (\/\S+) && chown node:node \1$/,
    why: 'the data folder',
    effect: (match, stage) => mkdirSync(join(stage.root, match[1] ?? ''), { recursive: true }),
  },
];

async function runRun(options: SimulateOptions, current: StageResult, instruction: RunInstruction): Promise<void> {
  for (const known of KNOWN_RUNS) {
    const match = known.pattern.exec(instruction.command);
    if (!match) continue;
    known.effect?.(match, current);
    current.log.push(`RUN ${instruction.command.slice(0, 60)}... (not run: ${known.why})`);
    return;
  }
  const words = simpleCommandWords(instruction.command);
  if (words?.[0] !== 'pnpm') {
    throw new SimulationError(`line ${instruction.line}: RUN ${instruction.command}: docker/test does not know this command; teach simulate-build.ts what it changes`);
  }
  const args = words.slice(1);
  if (args[0] === 'install') args.push('--offline', '--store-dir', options.storeDir);
  const cwd = join(current.root, current.workdir);
  const result = await run(options.pnpm[0] ?? 'node', [...options.pnpm.slice(1), ...args], {
    cwd,
    env: { ...process.env, ...current.env, npm_config_offline: 'true' },
  });
  if (result.status !== 0) {
    throw new SimulationError(`line ${instruction.line}: RUN ${instruction.command} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  current.log.push(`RUN ${instruction.command} (ran${args[0] === 'install' ? ' offline' : ''})`);
}

/** ENV values the simulation passes on to RUNs (not PATH and friends: the host's tools run). */
const HOST_OWNED = new Set(['PATH', 'PNPM_HOME', 'HOME', 'COREPACK_HOME']);

export async function simulateBuild(dockerfile: string, options: SimulateOptions): Promise<Map<string, StageResult>> {
  const stages = new Map<string, StageResult>();
  for (const stage of parseDockerfile(dockerfile)) {
    const root = join(options.workDir, stage.name);
    const parent = stages.get(stage.base);
    const current: StageResult = parent
      ? { stage, root, workdir: parent.workdir, env: { ...parent.env }, log: [`FROM ${stage.base}`] }
      : { stage, root, workdir: '/', env: {}, log: [`FROM ${stage.base} (image: empty root)`] };
    if (parent) copyStagePath(parent.root, root);
    else mkdirSync(root, { recursive: true });
    stages.set(stage.name, current);
    for (const instruction of stage.instructions) {
      if (instruction.kind === 'workdir') {
        current.workdir = resolveWorkdir(current.workdir, instruction.path);
        mkdirSync(join(root, current.workdir), { recursive: true });
      } else if (instruction.kind === 'env') {
        for (const [key, value] of instruction.values) if (!HOST_OWNED.has(key)) current.env[key] = value;
      } else if (instruction.kind === 'copy') runCopy(options, stages, current, instruction);
      else await runRun(options, current, instruction);
    }
    if (options.target === stage.name) break;
  }
  return stages;
}
