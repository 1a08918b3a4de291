// The fake Google in a process of its own, for benchmarks that measure the worker's memory.
// Sends {urls, tokens, channelId} when ready; answers 'uploads' with what videos.insert got.
import { startFakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';

const google = await startFakeGoogle({ maxKeptUploadBytes: 0 });
const channelId = google.defaultChannelId ?? '';
const tokens = google.issueTokens({ channelId, clientId: 'bench-client', withRefreshToken: true });
process.send?.({ urls: google.urls, tokens, channelId });
process.on('message', (message) => {
  if (message === 'uploads') process.send?.({ uploads: google.uploads.map((u) => ({ size: u.size, sha256: u.sha256 })) });
});
process.on('disconnect', () => void google.close().finally(() => process.exit(0)));
