/**
 * http: the server answered with an error status; network: no answer (offline, server down);
 * invalid-request: the input failed the contract before it was sent; invalid-response: the
 * server's answer did not match the contract.
 */
export type ApiErrorKind = 'http' | 'network' | 'invalid-request' | 'invalid-response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when there was no HTTP answer. */
  readonly status: number;
  /** The `message` of the server's error body (contracts: readable and safe to show). */
  readonly serverMessage: string | undefined;
  /**
   * The `error` field of the server's error body: the status name, or a code that a caller
   * handles on its own (e.g. 'YouTubeReauthRequired' on the playlists call).
   */
  readonly serverError: string | undefined;
  /** The `detail` of the server's error body: an outside service's own words. */
  readonly serverDetail: string | undefined;

  constructor(options: {
    kind: ApiErrorKind;
    status: number;
    message: string;
    serverMessage?: string;
    serverError?: string;
    serverDetail?: string;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.kind = options.kind;
    this.status = options.status;
    this.serverMessage = options.serverMessage;
    this.serverError = options.serverError;
    this.serverDetail = options.serverDetail;
  }
}

/** The outside service's own words a failed call carried, for ErrorDetail's fold. */
export function errorDetail(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverDetail : undefined;
}

/**
 * The text to show for a failed call: the server's own message when it sent one (e.g. a 409
 * 'Username sudah digunakan.'), the contract's message for input it refused, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  if (error.kind === 'invalid-request') return error.message;
  return fallback;
}

/** A request cancelled through its AbortSignal (e.g. the component unmounted). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The text after 'Gagal memuat file: ' and the like: the server's words, else the error's. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
