import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drained, sendFile } from './send-file.ts';

let dir: string;
let server: Server;
let port: number;
const sends: Promise<unknown>[] = [];
const waits: Promise<unknown>[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'send-file-'));
  writeFileSync(join(dir, 'big.bin'), Buffer.alloc(32 * 1024 * 1024, 7));
  server = createServer((req, res) => {
    if (req.url === '/gone') {
      // Wait for the client to hang up, then wait for the response to drain, as a send does
      // when a write comes back false just after the client went away.
      res.once('close', () => waits.push(drained(res).then(() => 'drained')));
      return;
    }
    sends.push(sendFile(req, res, join(dir, 'big.bin'), 'application/octet-stream').then(() => 'done', (error: unknown) => error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('sendFile', () => {
  it('finishes (and closes its file) when the client disconnects while the response is backed up', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.write('GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n');
    // Read one chunk, then stop reading so the server's writes back up, and hang up.
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.pause();
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    expect(sends).toHaveLength(1);
    // Before the fix the send waited for a 'close' that had already fired, for ever.
    const outcome = await Promise.race([sends[0], new Promise((resolve) => setTimeout(() => resolve('still waiting'), 10_000))]);
    expect(outcome).not.toBe('still waiting');
  });

  it('does not wait for a drain on a response whose client is already gone', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.write('GET /gone HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    for (let i = 0; i < 100 && waits.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(waits).toHaveLength(1);
    // Before the fix this waited for a 'close' that had already fired: for ever, holding the file.
    const outcome = await Promise.race([waits[0], new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000))]);
    expect(outcome).toBe('drained');
  });
});
