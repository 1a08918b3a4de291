// `npm start`'s console (issue 20): the API and workers write one JSON line per log event
// (pino), and every request is one. Under LOG_FORMAT=pretty (the default here) the console
// shows what a person running the product needs — warnings, errors, the workers' info lines
// (one per finished job) and the processes' plain-text lines (first admin) — in readable form, while every
// line, JSON as it came, goes to DATA_DIR/logs/scrapper.log, rotated by size. Under
// LOG_FORMAT=json every line passes through to stdout/stderr unchanged (containers).
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { jakartaClock } from '@scrapper/contracts/rules/jakarta-time';

export type LogFormat = 'json' | 'pretty';

export interface LogSink {
  /** One line of a process's output (without its newline). */
  line(source: string, stream: 'stdout' | 'stderr', text: string): void;
  close(): void;
}

export interface RotatingFileOptions {
  dir: string;
  /** Rotate when the file would grow past this many bytes. */
  maxBytes?: number;
  /** How many rotated files to keep (scrapper.log.1 is the newest). */
  keep?: number;
}

export const LOG_FILE_NAME = 'scrapper.log';

/** An append-only file that moves itself to `.1` (and older ones up) when it is full. */
export class RotatingFile {
  readonly path: string;
  private readonly maxBytes: number;
  private readonly keep: number;
  private fd: number;
  private size: number;

  constructor(options: RotatingFileOptions) {
    mkdirSync(options.dir, { recursive: true });
    this.path = join(options.dir, LOG_FILE_NAME);
    this.maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
    this.keep = options.keep ?? 5;
    this.fd = openSync(this.path, 'a');
    this.size = fstatSync(this.fd).size;
  }

  write(line: string): void {
    const data = Buffer.from(`${line}\n`);
    if (this.size > 0 && this.size + data.length > this.maxBytes) this.rotate();
    writeSync(this.fd, data);
    this.size += data.length;
  }

  private rotate(): void {
    closeSync(this.fd);
    const oldest = `${this.path}.${this.keep}`;
    if (existsSync(oldest)) rmSync(oldest);
    for (let i = this.keep - 1; i >= 1; i--) {
      if (existsSync(`${this.path}.${i}`)) renameSync(`${this.path}.${i}`, `${this.path}.${i + 1}`);
    }
    renameSync(this.path, `${this.path}.1`);
    this.fd = openSync(this.path, 'a');
    this.size = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}

const LEVEL_WORDS: Record<number, string> = { 40: 'PERINGATAN', 50: 'ERROR', 60: 'FATAL' };

/** `14.03.07 WIB` for a time (epoch ms, ISO text or now). */
export function wibClock(time: unknown): string {
  const date = typeof time === 'number' || typeof time === 'string' ? new Date(time) : new Date();
  return `${jakartaClock(Number.isNaN(date.getTime()) ? new Date() : date, { seconds: true })} WIB`;
}

interface PinoLine {
  level: number;
  time?: number | string;
  msg?: string;
  err?: { message?: string };
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
}

function parsePino(text: string): PinoLine | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && typeof (value as PinoLine).level === 'number') return value as PinoLine;
  } catch {
    // Not JSON after all: a plain line.
  }
  return undefined;
}

const isWorker = (source: string) => source.startsWith('worker');

/** A warning or error of a JSON log line in one readable line. */
export function readableLine(source: string, entry: PinoLine): string {
  const word = LEVEL_WORDS[Math.min(60, Math.floor(entry.level / 10) * 10)] ?? 'INFO';
  const parts = [entry.msg ?? ''];
  if (entry.req?.method && entry.req.url) parts.push(`${entry.req.method} ${entry.req.url}`);
  if (entry.err?.message && !(entry.msg ?? '').includes(entry.err.message)) parts.push(entry.err.message);
  return `${wibClock(entry.time)} ${word} [${source}] ${parts.filter(Boolean).join(' — ')}`;
}

export interface RouterOptions {
  format: LogFormat;
  /** Where the JSON log goes under `pretty` (DATA_DIR/logs). */
  dir: string;
  out?: (text: string) => void;
  err?: (text: string) => void;
  maxBytes?: number;
  keep?: number;
}

/** Routes the processes' output lines to the console and the log file, as LOG_FORMAT says. */
export function createLogRouter(options: RouterOptions): LogSink {
  const out = options.out ?? ((text: string) => process.stdout.write(`${text}\n`));
  const err = options.err ?? ((text: string) => process.stderr.write(`${text}\n`));
  if (options.format === 'json') {
    return {
      line: (_source, stream, text) => (stream === 'stderr' ? err(text) : out(text)),
      close: () => undefined,
    };
  }
  const file = new RotatingFile({ dir: options.dir, maxBytes: options.maxBytes, keep: options.keep });
  return {
    line(source, stream, text) {
      if (!text.trim()) return;
      const entry = parsePino(text);
      if (entry) {
        file.write(text);
        // Request lines and other info stay in the file; warnings and errors reach the console.
        if (entry.level >= 40) err(readableLine(source, entry));
        // A worker's info lines are its own news (started, one per finished job, stopped): shown
        // as their message, as when workers wrote plain text.
        else if (entry.level >= 30 && isWorker(source) && entry.msg) out(entry.msg);
        return;
      }
      // A process's own plain line (first admin, a finished job, a warning on stderr): shown
      // as it is, and kept in the file as JSON like everything else there.
      file.write(JSON.stringify({ level: stream === 'stderr' ? 50 : 30, time: Date.now(), name: source, msg: text }));
      if (stream === 'stderr') err(text);
      else out(text);
    },
    close: () => file.close(),
  };
}
