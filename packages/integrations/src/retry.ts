// One word for "worth another attempt": every adapter error carries `retryable` (and
// `retryAfterMs` when the service said how long to wait), and every job handler asks
// `shouldRetry` instead of reading four dialects of the same question.

/** What an adapter error says about trying again. */
export interface RetryHint {
  /** Worth trying again later as it is (network trouble, a 5xx, a rate limit). */
  readonly retryable: boolean;
  /** How long the service asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs?: number | undefined;
}

function hintOf(error: unknown): RetryHint | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const retryable: unknown = Reflect.get(error, 'retryable');
  if (typeof retryable !== 'boolean') return undefined;
  const after: unknown = Reflect.get(error, 'retryAfterMs');
  return { retryable, retryAfterMs: typeof after === 'number' && Number.isFinite(after) && after >= 0 ? after : undefined };
}

/**
 * Whether an error is worth another attempt. An adapter error answers for itself; anything
 * else is our own trouble (a database restarting, a storage blip, a killed ffmpeg) and is
 * worth another attempt too: a refusal must say so by carrying `retryable: false`.
 */
export function isRetryable(error: unknown): boolean {
  return hintOf(error)?.retryable ?? true;
}

/** How long the service asked us to wait before the next attempt, if it said. */
export function retryAfterMsOf(error: unknown): number | undefined {
  return hintOf(error)?.retryAfterMs;
}

/** The one question every job handler asks on a failure: throw for another attempt, or fail for good. */
export function shouldRetry(error: unknown, attempt: { readonly isLastAttempt: boolean }): boolean {
  return !attempt.isLastAttempt && isRetryable(error);
}
