// What never reaches a log line, for the API's and the workers' pino loggers alike (one list,
// so the two stay the same). Paths are pino `redact` paths: a value at one of them is written
// as `[redacted]`. The API's request serializer also strips the OAuth callback's code and state
// from logged URLs (app.ts, withoutOAuthSecrets).
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'token',
  'accessToken',
  'refreshToken',
  'clientSecret',
  'apiKey',
  'cookies',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.clientSecret',
  '*.apiKey',
  '*.cookies',
] as const;

export const LOG_REDACT_CENSOR = '[redacted]';

/** A request id as it may travel (X-Request-Id, job data): short, plain characters. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
