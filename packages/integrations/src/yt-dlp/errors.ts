// The one error type of every yt-dlp run (download, probe, audio look-up, version probe).

/**
 * `outdated`: yt-dlp's extractor is broken for the site as it is today (yt-dlp says "please report
 * this issue ... yt-dlp -U", could not extract, or lost formats for want of a JS runtime): not the
 * input's fault and not worth a retry; a newer yt-dlp is what helps.
 */
export type YtDlpErrorKind = 'transient' | 'permanent' | 'needs-cookies' | 'outdated' | 'cancelled';

export class YtDlpError extends Error {
  override readonly name = 'YtDlpError';
  readonly kind: YtDlpErrorKind;
  /** The platform wants (fresh) cookies: a login wall or a bot check. */
  readonly needsCookies: boolean;
  /** Exit code of yt-dlp; null when it did not run to an exit (cancelled, killed, refused URL). */
  readonly exitCode: number | null;

  constructor(
    kind: YtDlpErrorKind,
    message: string,
    options: { exitCode?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.needsCookies = kind === 'needs-cookies';
    this.exitCode = options.exitCode ?? null;
  }

  /** The downloader itself needs an update (see YtDlpErrorKind). */
  get isOutdated(): boolean {
    return this.kind === 'outdated';
  }

  /** Worth another attempt as it is (network trouble, a timeout): see retry.ts. */
  get retryable(): boolean {
    return this.kind === 'transient';
  }
}
