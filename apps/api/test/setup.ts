// The API's test files run unisolated (vitest.config.ts): a fork runs test file after test file
// on the modules it has loaded. Each file must start as if it were the first and leave the
// process as it found it. This file (a setupFiles entry, evaluated again for every file) resets
// what a loaded module keeps from one file to the next, and fails a file that leaves a server
// listening: every server, fake and proxy a file starts is closed in its afterAll.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { afterAll, beforeAll, vi } from 'vitest';
import { clearGeminiModelChoices } from '@scrapper/integrations/gemini';

/**
 * The TCP ports this process listens on (Linux: its socket descriptors in /proc, unref'd servers
 * included, which Node's own handle lists leave out); undefined where /proc cannot say.
 */
function listeningPorts(): number[] | undefined {
  let inodes: Set<string>;
  try {
    inodes = new Set<string>();
    for (const fd of readdirSync('/proc/self/fd')) {
      try {
        const target = readlinkSync(`/proc/self/fd/${fd}`);
        const socket = /^socket:\[(\d+)\]$/.exec(target);
        if (socket?.[1]) inodes.add(socket[1]);
      } catch {
        // closed while listed
      }
    }
  } catch {
    return undefined;
  }
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
      if (state !== '0A' || !local || !inode || !inodes.has(inode)) continue;
      ports.push(parseInt(local.split(':')[1] ?? '0', 16));
    }
  }
  return ports.sort((a, b) => a - b);
}

const listeningBefore = listeningPorts();

// Gemini model choices are remembered per process by base URL and key: a later file's fake
// Google could get a port an earlier file's had.
beforeAll(() => {
  clearGeminiModelChoices();
});

afterAll(() => {
  // No file uses these today: guards so a new one cannot leak into the next file.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  const now = listeningPorts();
  if (!listeningBefore || !now) return;
  const left = now.filter((port) => !listeningBefore.includes(port));
  if (left.length > 0) {
    throw new Error(
      `this file left ${left.length} server(s) listening (ports ${left.join(', ')}): close them in afterAll`,
    );
  }
});
