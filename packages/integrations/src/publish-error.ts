// What went wrong when publishing to TikTok, Instagram or Facebook, in one shape for every
// platform so the publish job decides retries and messages the same way for all of them
// (YouTube keeps its own YouTubeError, which predates this).

export type PublishPlatform = 'tiktok' | 'instagram' | 'facebook';

export interface PublishErrorOptions {
  /** HTTP status of the platform's answer; null when there was none (network trouble). */
  status?: number | null;
  /** The platform's error code (`spam_risk_too_many_posts`, Graph `9007`...). */
  code?: string | null;
  /** Meta's `error_subcode` (2207xxx...), when it gave one. */
  subcode?: number | null;
  /** Worth trying again later as it is: server errors, network trouble, rate limits. */
  retryable?: boolean;
  /** The account's token is dead: the owner has to connect the account again. */
  reconnect?: boolean;
  /** Readable Indonesian sentence for members: what happened and what to do. */
  userMessage: string;
  /** The platform's own words, shown folded under "Detail" beneath userMessage. */
  detail?: string;
  cause?: unknown;
}

export class PublishError extends Error {
  override readonly name = 'PublishError';
  readonly platform: PublishPlatform;
  readonly status: number | null;
  readonly code: string | null;
  readonly subcode: number | null;
  readonly retryable: boolean;
  readonly reconnect: boolean;
  readonly userMessage: string;
  readonly detail: string;

  constructor(platform: PublishPlatform, message: string, options: PublishErrorOptions) {
    super(message, { cause: options.cause });
    this.platform = platform;
    this.status = options.status ?? null;
    this.code = options.code ?? null;
    this.subcode = options.subcode ?? null;
    this.retryable = options.retryable ?? false;
    this.reconnect = options.reconnect ?? false;
    this.userMessage = options.userMessage;
    this.detail = options.detail ?? message;
  }
}

export function isPublishError(error: unknown): error is PublishError {
  return error instanceof PublishError;
}

/**
 * One request to a publishing platform, its answer read as text. A cancelled call rethrows the
 * signal's reason as is (callers tell it apart); other network trouble is `networkError`'s.
 */
export async function fetchPlatformText(
  url: URL | string,
  init: RequestInit,
  networkError: (error: unknown) => PublishError,
): Promise<{ response: Response; text: string }> {
  try {
    const response = await fetch(url, init);
    return { response, text: await response.text() };
  } catch (error) {
    if (init.signal?.aborted) throw init.signal.reason;
    throw networkError(error);
  }
}
