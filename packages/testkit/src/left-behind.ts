// Test files that run unisolated (a vitest fork running file after file on the modules it has
// loaded; apps/api and apps/worker) must leave the process as they found it. A package's
// setupFiles entry calls `failFilesThatLeaveThingsBehind` once per file: it looks at what the
// process holds (from /proc, so on Linux only) when the file starts and fails the file if, at its
// end, it holds more: a server listening and, where asked, a file open or a child process running.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { afterAll, vi } from 'vitest';

/** What one look at /proc finds this process holding; undefined where /proc cannot say. */
interface Held {
  /** TCP ports it listens on (unref'd servers included, which Node's handle lists leave out). */
  ports: number[];
  /** Files it has open (not sockets, pipes, /dev or /proc): a stream never closed. */
  files: string[];
  /** Its child processes still running (zombies, dead but not yet reaped, left out). */
  children: string[];
}

function fdTargets(): string[] {
  const targets: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      targets.push(readlinkSync(`/proc/self/fd/${fd}`));
    } catch {
      // closed while listed
    }
  }
  return targets;
}

function listeningPorts(sockets: Set<string>): number[] {
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st ... inode: state 0A is LISTEN.
      const fields = line.trim().split(/\s+/);
      const [local, state, inode] = [fields[1], fields[3], fields[9]];
      if (state !== '0A' || !local || !inode || !sockets.has(inode)) continue;
      ports.push(parseInt(local.split(':')[1] ?? '0', 16));
    }
  }
  return ports.sort((a, b) => a - b);
}

function runningChildren(): string[] {
  const children: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (ppid !== String(process.pid) || state === 'Z') continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      children.push(`${entry} ${command.slice(0, 120)}`);
    } catch {
      // gone while listed
    }
  }
  return children;
}

function held(): Held | undefined {
  try {
    const targets = fdTargets();
    const sockets = new Set<string>();
    for (const target of targets) {
      const socket = /^socket:\[(\d+)\]$/.exec(target);
      if (socket?.[1]) sockets.add(socket[1]);
    }
    const files = targets.filter(
      (t) => t.startsWith('/') && !t.startsWith('/dev/') && !t.startsWith('/proc/'),
    );
    return { ports: listeningPorts(sockets), files: files.sort(), children: runningChildren() };
  } catch {
    return undefined;
  }
}

/** What `now` holds that `before` did not, as sentences; empty when nothing. */
function leftBehind(before: Held, now: Held, checks: LeftBehindChecks): string[] {
  const ports = now.ports.filter((port) => !before.ports.includes(port));
  const files = checks.files ? now.files.filter((file) => !before.files.includes(file)) : [];
  const children = checks.children ? now.children.filter((child) => !before.children.includes(child)) : [];
  return [
    ...(ports.length > 0
      ? [`${ports.length} server(s) listening (ports ${ports.join(', ')})`]
      : []),
    ...(files.length > 0 ? [`${files.length} file(s) open (${files.join(', ')})`] : []),
    ...(children.length > 0
      ? [`${children.length} child process(es) running (${children.join('; ')})`]
      : []),
  ];
}

export interface LeftBehindChecks {
  /** Also fail on files left open (a stream never closed). */
  files?: boolean;
  /** Also fail on child processes left running. */
  children?: boolean;
}

/**
 * Registers the file's last afterAll: undoes fake timers and stubbed globals and env vars, then
 * fails the file if it left a server listening (and, as asked, a file open or a child running).
 * A stream's close and a killed child's exit land a moment after what ended them, so it looks
 * again for up to 2 s before calling anything left behind.
 */
export function failFilesThatLeaveThingsBehind(checks: LeftBehindChecks = {}): void {
  const before = held();
  afterAll(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    if (!before) return;
    let left: string[] = [];
    for (let look = 0; look < 20; look += 1) {
      const now = held();
      if (!now) return;
      left = leftBehind(before, now, checks);
      if (left.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`this file left ${left.join(' and ')}: stop or close them in afterAll`);
  });
}
