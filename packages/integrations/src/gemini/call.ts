// One Gemini call's settings and the SDK behind them: the key, the base URL, the timeout as our
// own signal, and every SDK call's errors turned into GeminiError.
import { GoogleGenerativeAI, type GenerativeModel } from '@google/generative-ai';
import { toGeminiError } from './errors.ts';

/** Google's Gemini REST root, what GEMINI_BASE_URL replaces. */
export const GOOGLE_GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';
const DEFAULT_TIMEOUT_MS = 60_000;

export interface GeminiCall {
  apiKey: string;
  /** GEMINI_BASE_URL; Google's when undefined. A trailing slash is dropped. */
  baseUrl?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export function baseOf(args: GeminiCall): string {
  return args.baseUrl?.replace(/\/+$/, '') || GOOGLE_GEMINI_BASE_URL;
}

export function modelOf(args: GeminiCall, model: string): GenerativeModel {
  return new GoogleGenerativeAI(args.apiKey).getGenerativeModel(
    { model },
    { baseUrl: baseOf(args) },
  );
}

/**
 * The timeout as our own signal: the SDK's `timeout` option leaves a timer running after the
 * answer (keeping a process alive for its length); AbortSignal.timeout's timer does not.
 */
export function requestOptions(args: GeminiCall): { signal: AbortSignal } {
  const timeout = AbortSignal.timeout(args.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return { signal: args.signal ? AbortSignal.any([args.signal, timeout]) : timeout };
}

export async function guarded<T>(
  signal: AbortSignal | undefined,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toGeminiError(error, signal);
  }
}
