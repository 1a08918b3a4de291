// Reads another Node process's memory through its inspector (started with
// `--inspect=127.0.0.1:<port>`): a full garbage collection first, then `process.memoryUsage()`
// inside it, so "heap used" is what is live, not what the collector has not reached yet.
import { setTimeout as sleep } from 'node:timers/promises';

export interface ProcessMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export interface InspectorClient {
  /** Collects garbage in the process, then reads its memory. */
  memory(): Promise<ProcessMemory>;
  close(): void;
}

export async function connectInspector(port: number, timeoutMs = 30_000): Promise<InspectorClient> {
  const deadline = Date.now() + timeoutMs;
  let url: string | undefined;
  while (!url) {
    try {
      const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl?: string }>;
      url = targets[0]?.webSocketDebuggerUrl;
    } catch {
      // not listening yet
    }
    if (!url) {
      if (Date.now() > deadline) throw new Error(`no inspector on port ${port}`);
      await sleep(100);
    }
  }
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('inspector connection failed')), { once: true });
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  socket.addEventListener('message', (message) => {
    const data = JSON.parse(String(message.data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (data.id === undefined) return;
    const waiter = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.error) waiter?.reject(new Error(data.error.message));
    else waiter?.resolve(data.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send('HeapProfiler.enable');
  return {
    async memory() {
      await send('HeapProfiler.collectGarbage');
      const result = (await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as { result: { value: string } };
      return JSON.parse(result.result.value) as ProcessMemory;
    },
    close() {
      socket.close();
    },
  };
}
