/**
 * The `username` of a JWT's payload, for the popup to show: decoded, never verified, and used
 * for nothing else (the API decides who the token is).
 */
export function tokenUsername(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const name =
      typeof value === 'object' && value !== null
        ? (value as { username?: unknown }).username
        : undefined;
    return typeof name === 'string' && name.length > 0 && name.length <= 64 ? name : null;
  } catch {
    return null;
  }
}
