// The pure parts of the update check; the check itself runs against testkit's release server in
// testkit's ytdlp-release-server/yt-dlp-update.integration.test.ts.
import { describe, expect, it } from 'vitest';
import { parseSha256Sums, releaseAssetName } from './update-managed.ts';

describe('releaseAssetName', () => {
  it("picks the channel's standalone build by machine", () => {
    expect(releaseAssetName('linux', 'x64')).toBe('yt-dlp_linux');
    expect(releaseAssetName('linux', 'arm64')).toBe('yt-dlp_linux_aarch64');
    expect(releaseAssetName('linux', 'ia32')).toBeUndefined();
    expect(releaseAssetName('darwin', 'arm64')).toBeUndefined();
  });
});

describe('parseSha256Sums', () => {
  it('reads `<sha256>  <name>` lines, binary-mode stars and CRLF included; ignores the rest', () => {
    const a = 'a'.repeat(64);
    const b = 'B'.repeat(64);
    const sums = parseSha256Sums(`${a}  yt-dlp_linux\r\n${b} *yt-dlp_linux_aarch64\nnot a line\n${'c'.repeat(63)}  short\n\n`);
    expect([...sums]).toEqual([
      ['yt-dlp_linux', a],
      ['yt-dlp_linux_aarch64', 'b'.repeat(64)],
    ]);
  });
});
