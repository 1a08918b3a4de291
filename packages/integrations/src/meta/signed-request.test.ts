import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignedRequest, SignedRequestError } from './signed-request.ts';

const SECRET = 'app-secret-1';

function sign(payload: unknown, secret = SECRET): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${createHmac('sha256', secret).update(body).digest('base64url')}.${body}`;
}

function problemOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof SignedRequestError) return error.problem;
    throw error;
  }
  return undefined;
}

describe('parseSignedRequest', () => {
  it('gives the payload of a valid request', () => {
    const payload = { algorithm: 'HMAC-SHA256', user_id: '1029384756', issued_at: 1_790_000_000 };
    expect(parseSignedRequest(sign(payload), SECRET)).toEqual(payload);
  });

  it('reads a numeric user_id as a string', () => {
    const parsed = parseSignedRequest(
      sign({ algorithm: 'HMAC-SHA256', user_id: 42, issued_at: 1 }),
      SECRET,
    );
    expect(parsed.user_id).toBe('42');
  });

  it('refuses a signature made with another secret', () => {
    const forged = sign({ algorithm: 'HMAC-SHA256', user_id: '1', issued_at: 1 }, 'other');
    expect(problemOf(() => parseSignedRequest(forged, SECRET))).toBe('bad_signature');
  });

  it('refuses a payload changed after signing', () => {
    const good = sign({ algorithm: 'HMAC-SHA256', user_id: '1', issued_at: 1 });
    const [signature] = good.split('.');
    const changed = Buffer.from(
      JSON.stringify({ algorithm: 'HMAC-SHA256', user_id: '2', issued_at: 1 }),
    ).toString('base64url');
    expect(problemOf(() => parseSignedRequest(`${signature}.${changed}`, SECRET))).toBe(
      'bad_signature',
    );
  });

  it('refuses other algorithms, even correctly signed', () => {
    const other = sign({ algorithm: 'HMAC-SHA1', user_id: '1', issued_at: 1 });
    const none = sign({ user_id: '1', issued_at: 1 });
    expect(problemOf(() => parseSignedRequest(other, SECRET))).toBe('unsupported_algorithm');
    expect(problemOf(() => parseSignedRequest(none, SECRET))).toBe('unsupported_algorithm');
  });

  it('refuses malformed requests with an Indonesian message', () => {
    for (const bad of [
      '',
      'abc',
      'a.b.c',
      '!!.??',
      `sig.${Buffer.from('not json').toString('base64url')}`,
    ]) {
      expect(problemOf(() => parseSignedRequest(bad, SECRET))).toBe('malformed');
    }
    expect(problemOf(() => parseSignedRequest(sign(['x']), SECRET))).toBe('malformed');
    expect(
      problemOf(() => parseSignedRequest(sign({ algorithm: 'HMAC-SHA256', issued_at: 1 }), SECRET)),
    ).toBe('malformed');
    try {
      parseSignedRequest('abc', SECRET);
    } catch (error) {
      expect((error as SignedRequestError).userMessage).toMatch(/^signed_request tidak valid/);
    }
  });
});
