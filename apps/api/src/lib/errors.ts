// Typed application errors, mapped to HTTP in one place (plugins/error-handler.ts).
// Messages are shown to the user as they are: keep them readable and free of internals.

export class AppError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  /** The `error` field of the response when a client tells errors apart by it; else the status text. */
  readonly errorName: string | undefined;
  /** An outside service's own words (Google's, Gemini's...), sent as `detail` under the message. */
  readonly detail: string | undefined;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}, errorName?: string, detail?: string) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
    this.errorName = errorName;
    this.detail = detail;
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Sesi tidak valid. Silakan login kembali.') => new AppError(401, message);
export const forbidden = (message = 'Anda tidak memiliki akses ke sumber ini.') => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { 'retry-after': String(retryAfterSeconds) });
