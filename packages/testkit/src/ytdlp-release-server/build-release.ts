// A real, runnable yt-dlp "release" built from the yt-dlp installed here, with a version string
// of the test's choice: its Python package (from the zipimport build, or from the package the
// installed script imports) zipped into one executable zipapp with a patched `version.py`. It
// downloads like the yt-dlp it comes from. From 2025.11.12 on it also accepts `--js-runtimes`
// (and refuses runtimes yt-dlp does not know), as the real releases do; older versions stop with
// "no such option" like the real old ones. Optionally every run's argv is appended to a file.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findProgram } from '@scrapper/integrations/yt-dlp-manager/program';

const run = promisify(execFile);

export interface BuildReleaseOptions {
  /** What `--version` prints: `2026.11.20`, `2026.11.20.123456` (nightly). */
  version: string;
  /** The file to write (made executable). */
  outFile: string;
  /** The installed yt-dlp to build from. Default: YTDLP_SOURCE_PATH, else `yt-dlp` on PATH. */
  source?: string;
  /** Each run of the build appends its argv (a JSON array, one line) to this file. */
  argvLog?: string;
}

// The zipapp's entry point: records argv, takes `--js-runtimes` off the command line the way
// yt-dlp 2025.11.12+ reads it (deno, node, quickjs, bun, each with an optional `:path`), then runs
// yt-dlp's own main.
const MAIN = String.raw`
import json, os, sys
VERSION = __VERSION__
KNOWS_JS_RUNTIMES = __KNOWS__
ARGV_LOG = __LOG__
argv = sys.argv[1:]
if ARGV_LOG:
    with open(ARGV_LOG, 'a', encoding='utf-8') as log:
        log.write(json.dumps(argv) + '\n')
if KNOWS_JS_RUNTIMES:
    kept, i = [], 0
    while i < len(argv):
        arg = argv[i]
        if arg == '--':
            kept.extend(argv[i:])
            break
        if arg == '--js-runtimes' or arg.startswith('--js-runtimes='):
            if arg == '--js-runtimes':
                if i + 1 >= len(argv):
                    sys.stderr.write('yt-dlp: error: --js-runtimes option requires 1 argument\n')
                    sys.exit(2)
                spec, i = argv[i + 1], i + 2
            else:
                spec, i = arg.split('=', 1)[1], i + 1
            for one in spec.split(','):
                name, _, path = one.partition(':')
                if name not in ('deno', 'node', 'quickjs', 'bun'):
                    sys.stderr.write('yt-dlp: error: invalid JS runtime %r\n' % name)
                    sys.exit(2)
                if path and not os.access(path, os.X_OK):
                    sys.stderr.write('WARNING: JS runtime %s not found at %s\n' % (name, path))
            continue
        kept.append(arg)
        i += 1
    argv = kept
sys.argv = [sys.argv[0]] + argv
from yt_dlp import main
main()
`;

// Every module goes in with its compiled code beside it (`x.pyc` next to `x.py`, an unchecked
// hash-based pyc, which zipimport loads without comparing it to the source): a zipapp of plain
// sources recompiles every module it imports on every run, which made each run of a test
// release cost seconds (a download several). The code comes from the installed package's own
// __pycache__ (same interpreter, no compiling); what we change is compiled here.
const BUILD = String.raw`
import importlib.util, marshal, os, re, shutil, sys, zipfile
source, out, version, main, base = sys.argv[1:6]
MAGIC = importlib.util.MAGIC_NUMBER
def unchecked_pyc(code_bytes):
    return MAGIC + (1).to_bytes(4, 'little') + bytes(8) + code_bytes
def compiled(name, text):
    return unchecked_pyc(marshal.dumps(compile(text, name, 'exec', dont_inherit=True)))
if not (os.path.exists(base) and os.path.exists(base + '.version.py')):
    entries = {}
    if zipfile.is_zipfile(source):
        with zipfile.ZipFile(source) as z:
            for info in z.infolist():
                if info.is_dir() or '__pycache__' in info.filename or info.filename.endswith('.pyc'):
                    continue
                entries[info.filename] = z.read(info)
    else:
        import yt_dlp
        root = os.path.dirname(os.path.abspath(yt_dlp.__file__))
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d != '__pycache__']
            for name in filenames:
                if name.endswith('.pyc'):
                    continue
                path = os.path.join(dirpath, name)
                rel = 'yt_dlp/' + os.path.relpath(path, root).replace(os.sep, '/')
                with open(path, 'rb') as f:
                    entries[rel] = f.read()
                if name.endswith('.py'):
                    cached = os.path.join(dirpath, '__pycache__', name[:-3] + '.' + sys.implementation.cache_tag + '.pyc')
                    if os.path.exists(cached):
                        with open(cached, 'rb') as f:
                            data = f.read()
                        if data[:4] == MAGIC:
                            entries[rel + 'c'] = unchecked_pyc(data[16:])
    version_py = entries.pop('yt_dlp/version.py')
    entries.pop('yt_dlp/version.pyc', None)
    tmp = '%s.%d.tmp' % (base, os.getpid())
    with zipfile.ZipFile(tmp, 'w', compression=zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for name in sorted(entries):
            z.writestr(name, entries[name])
    with open(tmp + '.version.py', 'wb') as f:
        f.write(version_py)
    # Renamed into place, version first: builders of other processes see whole files or none.
    os.replace(tmp + '.version.py', base + '.version.py')
    os.replace(tmp, base)
with open(base + '.version.py', 'rb') as f:
    text, count = re.subn(r'^__version__\s*=.*$', '__version__ = %r' % version, f.read().decode(), flags=re.M)
if count != 1:
    sys.exit('version.py has no __version__')
tmp = out + '.zip.tmp'
shutil.copyfile(base, tmp)
with zipfile.ZipFile(tmp, 'a', compression=zipfile.ZIP_DEFLATED, compresslevel=1) as z:
    z.writestr('yt_dlp/version.py', text.encode())
    z.writestr('yt_dlp/version.pyc', compiled('yt_dlp/version.py', text))
    z.writestr('__main__.py', main.encode())
    z.writestr('__main__.pyc', compiled('__main__.py', main))
with open(out, 'wb') as f:
    f.write(b'#!' + sys.executable.encode() + b'\n')
    with open(tmp, 'rb') as t:
        shutil.copyfileobj(t, f)
os.remove(tmp)
os.chmod(out, 0o755)
`;

/** The interpreter named by a script's `#!` line (`/usr/bin/env python3` -> `python3`). */
async function interpreterOf(source: string): Promise<string> {
  const handle = await open(source, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    const firstLine = buffer.subarray(0, bytesRead).toString('latin1').split('\n', 1)[0] ?? '';
    if (!firstLine.startsWith('#!')) throw new Error(`${source} is not a Python script or zipapp (no #! line): a standalone build cannot be rebuilt`);
    const words = firstLine.slice(2).trim().split(/\s+/);
    return words[0]?.endsWith('/env') ? (words[1] ?? 'python3') : (words[0] ?? 'python3');
  } finally {
    await handle.close();
  }
}

/**
 * Where the package part of every build from `source` is kept (all but version.py and the entry
 * point, which each build adds): made by the first build, then copied, so a test that publishes
 * ten releases zips yt-dlp once. Named by the source's path, size and time and the interpreter,
 * so an upgraded yt-dlp gets a base of its own.
 */
async function basePath(source: string, interpreter: string): Promise<string> {
  const { size, mtimeMs } = await stat(source);
  const key = createHash('sha256').update(JSON.stringify([source, size, mtimeMs, interpreter])).digest('hex').slice(0, 16);
  return join(tmpdir(), `scrapper-ytdlp-base-${key}.zip`);
}

function knowsJsRuntimes(version: string): boolean {
  const [y = 0, m = 0, d = 0] = version.split('.').map(Number);
  return y * 10_000 + m * 100 + d >= 20251112;
}

export async function buildYtDlpRelease(options: BuildReleaseOptions): Promise<void> {
  const wanted = options.source ?? process.env['YTDLP_SOURCE_PATH'] ?? 'yt-dlp';
  const source = await findProgram(wanted);
  if (source === undefined) throw new Error(`yt-dlp to build the test release from not found (${wanted}); install it (apt-get install yt-dlp)`);
  const main = MAIN.replace('__VERSION__', JSON.stringify(options.version))
    .replace('__KNOWS__', knowsJsRuntimes(options.version) ? 'True' : 'False')
    .replace('__LOG__', options.argvLog === undefined ? 'None' : JSON.stringify(options.argvLog));
  const interpreter = await interpreterOf(source);
  await run(interpreter, ['-c', BUILD, source, options.outFile, options.version, main, await basePath(source, interpreter)], { timeout: 120_000 });
}
