// fetchPlatformText, the one request every publishing adapter (TikTok, Meta) sends through: the
// answer as text, a cancelled call's own reason, network trouble as the adapter's PublishError.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPlatformText, PublishError } from './publish-error.ts';

let server: Server;
let base: string;
const networkError = (error: unknown) => new PublishError('tiktok', 'network', { userMessage: 'Jaringan bermasalah.', retryable: true, cause: error });

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/slow') return; // never answers: the caller cancels
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end('{"error":"sibuk"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('fetchPlatformText', () => {
  it('answers the response and its body as text, whatever the status', async () => {
    const { response, text } = await fetchPlatformText(`${base}/x`, {}, networkError);
    expect(response.status).toBe(503);
    expect(text).toBe('{"error":"sibuk"}');
  });

  it("rethrows a cancelled call's reason as is", async () => {
    const controller = new AbortController();
    const reason = new Error('dibatalkan');
    const pending = fetchPlatformText(`${base}/slow`, { signal: controller.signal }, networkError);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it("turns network trouble into the adapter's PublishError", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((resolve) => closed.close(resolve));
    const error = await fetchPlatformText(url, {}, networkError).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PublishError);
    expect((error as PublishError).retryable).toBe(true);
  });
});
