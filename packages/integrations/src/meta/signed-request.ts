// Meta's `signed_request` (data-deletion and deauthorize callbacks): `sig.payload`, both
// base64url, sig = HMAC-SHA256(payload part, app secret). Checked in constant time; any other
// algorithm is refused.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedRequestPayload {
  algorithm: 'HMAC-SHA256';
  user_id: string;
  issued_at: number;
  [key: string]: unknown;
}

export type SignedRequestProblem = 'malformed' | 'bad_signature' | 'unsupported_algorithm';

const MESSAGES: Record<SignedRequestProblem, string> = {
  malformed: 'signed_request tidak valid: formatnya bukan tanda tangan dan data base64url.',
  bad_signature: 'signed_request tidak valid: tanda tangan tidak cocok dengan App Secret Meta.',
  unsupported_algorithm: 'signed_request tidak valid: hanya algoritma HMAC-SHA256 yang diterima.',
};

export class SignedRequestError extends Error {
  override readonly name = 'SignedRequestError';
  readonly problem: SignedRequestProblem;
  /** Indonesian, for the 400 answer. */
  readonly userMessage: string;

  constructor(problem: SignedRequestProblem) {
    super(MESSAGES[problem]);
    this.problem = problem;
    this.userMessage = MESSAGES[problem];
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

export function parseSignedRequest(signedRequest: string, appSecret: string): SignedRequestPayload {
  const parts = typeof signedRequest === 'string' ? signedRequest.split('.') : [];
  const [signaturePart, payloadPart] = parts;
  if (
    parts.length !== 2 ||
    !signaturePart ||
    !payloadPart ||
    !BASE64URL.test(signaturePart) ||
    !BASE64URL.test(payloadPart)
  ) {
    throw new SignedRequestError('malformed');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    throw new SignedRequestError('malformed');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new SignedRequestError('malformed');
  }
  const record = payload as Record<string, unknown>;
  if (typeof record.algorithm !== 'string' || record.algorithm.toUpperCase() !== 'HMAC-SHA256') {
    throw new SignedRequestError('unsupported_algorithm');
  }
  const expected = createHmac('sha256', appSecret).update(payloadPart).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new SignedRequestError('bad_signature');
  }
  const userId = record.user_id;
  if (
    (typeof userId !== 'string' && typeof userId !== 'number') ||
    typeof record.issued_at !== 'number'
  ) {
    throw new SignedRequestError('malformed');
  }
  return {
    ...record,
    algorithm: 'HMAC-SHA256',
    user_id: String(userId),
    issued_at: record.issued_at,
  };
}
