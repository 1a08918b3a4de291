// Runs the yt-dlp release server by hand, for trying the managed yt-dlp without the internet:
//   node packages/testkit/src/ytdlp-release-server/serve.ts [--port 3900] [--version 2026.11.20]
// then start the product with YTDLP_RELEASE_URL set to the address it prints.
import { parseArgs } from 'node:util';
import { startYtDlpReleaseServer } from './start-ytdlp-release-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3900' },
    version: { type: 'string', default: todayVersion() },
  },
});

function todayVersion(): string {
  const now = new Date();
  return `${now.getUTCFullYear()}.${String(now.getUTCMonth() + 1).padStart(2, '0')}.${String(now.getUTCDate()).padStart(2, '0')}`;
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('--port must be a port number');
  process.exit(2);
}
const server = await startYtDlpReleaseServer({ port });
await server.publish(values.version);
console.log(`yt-dlp ${values.version} served at ${server.baseUrl}`);
console.log(`YTDLP_RELEASE_URL=${server.baseUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().finally(() => process.exit(0)));
}
