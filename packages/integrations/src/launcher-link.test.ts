import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';

const link = new URL('./launcher-link.ts', import.meta.url).href;

/**
 * A child process that follows its launcher as the API and the workers do. It says "ready" once
 * it follows, and stays up (at most 20 s, exit code 3) until something ends it.
 */
function startChild(body: string, withIpc: boolean) {
  const code = `import { followLauncher } from ${JSON.stringify(link)};
const launcher = followLauncher();
${body}
if (process.send) process.send('ready'); else process.stdout.write('ready;');
setTimeout(() => process.exit(3), 20_000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit', ...(withIpc ? ['ipc' as const] : [])] });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = once(child, 'exit').then(([exitCode]) => ({ exitCode: exitCode as number | null, out }));
  return { child, exited };
}

describe('followLauncher', () => {
  it('runs the close handler when the launcher goes away', async () => {
    const { child, exited } = startChild(`launcher.whenGone(() => { process.stdout.write('closing'); process.exit(0); });`, true);
    await once(child, 'message');
    child.disconnect();
    expect(await exited).toEqual({ exitCode: 0, out: 'closing' });
  });

  it('exits at once when the launcher goes away before a close handler is set', async () => {
    const { child, exited } = startChild('', true);
    await once(child, 'message');
    child.disconnect();
    expect(await exited).toEqual({ exitCode: 0, out: '' });
  });

  it('leaves a process that no launcher started alone', async () => {
    const { exited } = startChild(`launcher.whenGone(() => process.stdout.write('closing'));
setImmediate(() => { process.stdout.write('alive'); process.exit(0); });`, false);
    expect(await exited).toEqual({ exitCode: 0, out: 'ready;alive' });
  });
});
