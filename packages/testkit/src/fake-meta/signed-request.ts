import { createHmac } from 'node:crypto';

/**
 * Meta's `signed_request` as its data-deletion (and deauthorize) callbacks POST it:
 * `base64url(HMAC-SHA256(payload part, app secret)) + '.' + base64url(JSON payload)`, the
 * payload carrying `algorithm: 'HMAC-SHA256'`, `user_id` and `issued_at` (epoch seconds).
 */
export function signedRequest(
  payload: { user_id: string; issued_at?: number; algorithm?: string } & Record<string, unknown>,
  appSecret: string,
): string {
  const body = Buffer.from(
    JSON.stringify({
      algorithm: 'HMAC-SHA256',
      issued_at: Math.floor(Date.now() / 1000),
      ...payload,
    }),
  ).toString('base64url');
  const signature = createHmac('sha256', appSecret).update(body).digest('base64url');
  return `${signature}.${body}`;
}
