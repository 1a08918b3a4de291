// How Google's refusals reach our callers. Our client is never at fault for Google's trouble:
// an outage, a rate limit or an exhausted quota is a 503 to try later; a withdrawn grant is a
// 409 that asks the member to connect again; nothing here becomes a 500.
import { REAUTH_ERROR, REAUTH_MESSAGE } from '@scrapper/contracts/http/youtube-uploads';
import { toYouTubeError, type YouTubeError, type YouTubeErrorKind } from '@scrapper/integrations/youtube';
import { AppError } from '../../lib/errors.ts';

export function isGrantLost(error: YouTubeError): boolean {
  return error.kind === 'invalid_grant';
}

export const reauthRequired = () => new AppError(409, REAUTH_MESSAGE, {}, REAUTH_ERROR);

/** Google could not serve the call now; the same call later may work. */
const TRY_LATER = new Set<YouTubeErrorKind>(['quotaExceeded', 'rateLimited', 'server', 'network', 'cancelled']);

/** The HTTP answer for a failed Google call (after the caller handled a lost grant). */
export function googleFailure(raw: unknown): AppError {
  const error = toYouTubeError(raw);
  if (isGrantLost(error)) return reauthRequired();
  if (TRY_LATER.has(error.kind) || error.retryable) return new AppError(503, error.userMessage, { 'retry-after': '60' }, undefined, error.detail);
  // Google refused this account the call (a missing permission, a closed channel, a client
  // Google does not know): the account's or the client's state is in the way, not the request.
  return new AppError(409, error.userMessage, {}, undefined, error.detail);
}
