// Path traversal and file-name tricks against the local storage driver: every key that is not
// plain slash-separated segments is refused by every operation, and nothing outside the root is
// read, written or removed. (Keys are made by the server; this is the driver's own backstop.)
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './storage/local.ts';
import { StorageKeyError, type Storage } from './storage/storage.ts';

/** The same tricks the API suite sends (apps/api/src/security/files-traversal). */
const TRAVERSAL_TRICKS: readonly string[] = [
  '../secret.txt',
  '../../../../etc/passwd',
  'results/../../secret.txt',
  'results/../..',
  '..%2fsecret.txt',
  '%2e%2e%2fsecret.txt',
  '%252e%252e%252fsecret.txt',
  '/etc/passwd',
  '//etc/passwd',
  'C:\\Windows\\win.ini',
  'C:/Windows/win.ini',
  '..\\secret.txt',
  'results\\..\\..\\secret.txt',
  'secret.txt\u0000.json',
  'results/a\u0000/b',
  '.',
  '..',
  '...',
  '....//secret.txt',
  '.hidden',
  'results/.git/config',
  '-rf',
  '--help',
  'results//x',
  'results/',
  '',
  ' ',
  'results/ x',
  '\u2025/secret.txt', // two-dot leader
  '\uff0e\uff0e\uff0fsecret.txt', // fullwidth dots and slash
  '\u2215etc\u2215passwd', // division slash
  'results/\u202etxt.exe', // right-to-left override
  '~/secret.txt',
  'results/x\n../../secret.txt',
];

let parent: string;
let root: string;
let storage: Storage;

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'storage-traversal-'));
  root = join(parent, 'storage');
  await mkdir(join(root, 'results'), { recursive: true });
  await writeFile(join(parent, 'secret.txt'), 'CANARY outside the root');
  await writeFile(join(root, 'results', 'ok.json'), '{}');
  storage = createLocalStorage(root);
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

async function refused(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
  } catch (error) {
    return error instanceof StorageKeyError;
  }
  return false;
}

describe('local storage keys', () => {
  it('refuses every trick in every operation, and the files outside the root stay as they were', async () => {
    let checks = 0;
    for (const key of TRAVERSAL_TRICKS) {
      for (const [name, run] of [
        ['write', () => storage.write(key, 'PWNED')],
        ['read', () => storage.read(key)],
        ['readText', () => storage.readText(key)],
        ['size', () => storage.size(key)],
        ['exists', () => storage.exists(key)],
        ['remove', () => storage.remove(key)],
      ] as const) {
        expect(await refused(run), `${name} ${JSON.stringify(key)}`).toBe(true);
        checks++;
      }
    }
    expect(await readFile(join(parent, 'secret.txt'), 'utf8')).toBe('CANARY outside the root');
    expect((await readdir(parent)).sort()).toEqual(['secret.txt', 'storage']);
    expect(await readdir(join(root, 'results'))).toEqual(['ok.json']);
    expect(existsSync('/etc/passwd')).toBe(true);
    console.log(`traversal cases (storage keys): ${TRAVERSAL_TRICKS.length} keys, ${checks} operations`);
  });

  it('a plain name too long for the file system fails with an error and leaves nothing', async () => {
    // 300 ASCII characters pass the key pattern and the OS refuses them; multi-byte ones fail the
    // pattern first.
    await expect(storage.write(`results/${'x'.repeat(300)}.json`, 'x')).rejects.toMatchObject({ code: 'ENAMETOOLONG' });
    await expect(storage.write(`results/${'ä'.repeat(320)}.json`, 'x')).rejects.toBeInstanceOf(StorageKeyError);
    expect(await readdir(join(root, 'results'))).toEqual(['ok.json']);
  });

  it('still serves plain keys, so the refusals above mean something', async () => {
    try {
      await storage.write('results/u1/a_20261122-101010_deadbeef.json', '[]');
      expect(await storage.readText('results/u1/a_20261122-101010_deadbeef.json')).toBe('[]');
      expect(await storage.readText('results/ok.json')).toBe('{}');
    } finally {
      // The other tests check that the results folder holds only ok.json, in any order.
      await rm(join(root, 'results', 'u1'), { recursive: true, force: true });
    }
  });
});
