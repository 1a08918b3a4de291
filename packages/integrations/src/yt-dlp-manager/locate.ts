// Which yt-dlp the product runs: the operator's pinned one (YTDLP_PATH, never replaced), else
// the managed copy under DATA_DIR/tools (kept current by the worker), else `yt-dlp` on PATH (the
// system's, the fallback), else none. Looked up per run: an update or a first install is used
// without a restart.
import { join } from 'node:path';
import type { YtDlpSource } from '@scrapper/contracts/http/tools';
import { findProgram } from './program.ts';

/** The managed copy's file name inside DATA_DIR/tools (whatever the asset was called). */
export const MANAGED_YTDLP_NAME = 'yt-dlp';

export function managedYtDlpPath(toolsDir: string): string {
  return join(toolsDir, MANAGED_YTDLP_NAME);
}

export interface YtDlpLocation {
  source: YtDlpSource;
  /** What to run; null when nothing was found (`missing`). */
  path: string | null;
}

export interface LocateOptions {
  /** YTDLP_PATH: used as given, even when it cannot be found (the run then says so). */
  pinnedPath: string | undefined;
  /** DATA_DIR/tools */
  toolsDir: string;
  /** PATH to search for the system's yt-dlp. Default: this process's PATH. */
  searchPath?: string;
}

export async function locateYtDlp(options: LocateOptions): Promise<YtDlpLocation> {
  if (options.pinnedPath !== undefined) {
    return { source: 'pinned', path: (await findProgram(options.pinnedPath, options.searchPath)) ?? options.pinnedPath };
  }
  const managed = await findProgram(managedYtDlpPath(options.toolsDir));
  if (managed !== undefined) return { source: 'managed', path: managed };
  const system = await findProgram('yt-dlp', options.searchPath);
  if (system !== undefined) return { source: 'system', path: system };
  return { source: 'missing', path: null };
}

/**
 * For the adapters' `binary`: the program to run now. With none found, the bare name, so the
 * run fails with yt-dlp's "cannot be run" error rather than something stranger.
 */
export function ytDlpPicker(options: LocateOptions): () => Promise<string> {
  return async () => (await locateYtDlp(options)).path ?? 'yt-dlp';
}
