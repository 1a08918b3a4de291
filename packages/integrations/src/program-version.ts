// The version a program prints about itself (`ffmpeg -version`, `ffprobe -version`), for the
// admin's tool status. An argument array, a timeout and an output cap; null when it cannot run.
import { execFile } from 'node:child_process';

const TIMEOUT_MS = 10_000;

/** `5.1.4-0+deb12u1` from `ffmpeg version 5.1.4-0+deb12u1 Copyright (c) ...`. */
export function parseFfmpegVersion(printed: string): string | null {
  const firstLine = printed.split('\n', 1)[0] ?? '';
  return /\bversion\s+(\S+)/.exec(firstLine)?.[1] ?? null;
}

/** What `<binary> -version` says its version is (ffmpeg and ffprobe); null when it did not run. */
export function ffmpegFamilyVersion(binary: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(binary, ['-hide_banner', '-version'], { timeout: TIMEOUT_MS, maxBuffer: 256 * 1024, env: { PATH: process.env['PATH'] ?? '' } }, (error, stdout) => {
      resolve(error ? null : parseFfmpegVersion(stdout));
    });
  });
}
