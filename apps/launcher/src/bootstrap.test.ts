// `npm start` / `npm test` begin in scripts/bootstrap.mjs, on whatever Node the machine has.
// Without root it cannot apt-get: it must stop and name what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/bootstrap.mjs', import.meta.url));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
// As root, run it as `nobody` when that user can read the script (a checkout under a
// private folder cannot be read by others: then there is nothing to test here).
const canDropRoot =
  isRoot &&
  existsSync('/usr/sbin/runuser') &&
  spawnSync('/usr/sbin/runuser', ['-u', 'nobody', '--', 'test', '-r', script]).status === 0;

function runAsNonRoot(env: Record<string, string>, args: string[]) {
  const command = canDropRoot ? '/usr/sbin/runuser' : process.execPath;
  const full = canDropRoot ? ['-u', 'nobody', '--', process.execPath, script, ...args] : [script, ...args];
  return spawnSync(command, full, { env: { PATH: '/usr/bin:/bin', ...env }, encoding: 'utf8', timeout: 30_000 });
}

describe('bootstrap', () => {
  it.runIf(!isRoot || canDropRoot)('stops without root and names the missing tool and the package to install', () => {
    const res = runAsNonRoot({ YTDLP_PATH: '/nonexistent/yt-dlp', FFMPEG_PATH: '/nonexistent/ffmpeg' }, ['start']);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('missing system tools: ffmpeg, yt-dlp');
    expect(res.stderr).toContain('apt-get install -y ffmpeg yt-dlp');
    expect(res.stderr).toContain('FFMPEG_PATH, YTDLP_PATH');
  });

  it('refuses an unknown mode', () => {
    const res = spawnSync(process.execPath, [script, 'deploy'], { encoding: 'utf8' });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('usage');
  });
});
