// Shared by the YouTube integration tests: connecting a channel through the fake Google the
// way a browser would (consent URL, autoApprove redirect, our callback).
import { expect } from 'vitest';
import type { FakeGoogle } from '@scrapper/testkit/fake-google/start-fake-google';
import type { Harness } from './harness.ts';

export function fakeGoogleEnv(fake: FakeGoogle): Record<string, string> {
  return {
    GOOGLE_API_ROOT_URL: fake.urls.apiRootUrl,
    GOOGLE_OAUTH_AUTH_URL: fake.urls.oauthAuthUrl,
    GOOGLE_OAUTH_TOKEN_URL: fake.urls.oauthTokenUrl,
    GEMINI_BASE_URL: fake.urls.geminiBaseUrl,
  };
}

export async function createClientSecret(h: Harness, adminToken: string, name = 'Project A'): Promise<string> {
  const res = await h.request('POST', '/api/admin/client-secrets', {
    token: adminToken,
    body: { name, clientId: `${name.replace(/\W/g, '')}.apps.googleusercontent.com`, clientSecret: 'GOCSPX-very-secret-value-1234' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** Follows Google's redirect back to us, as the popup would. Returns our callback's answer. */
export async function consent(h: Harness, token: string, query: string): Promise<{ status: number; html: string; headers: Headers; callbackUrl: string }> {
  const start = await h.request('GET', `/api/youtube/auth/url?${query}`, { token });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const google = await fetch(start.body.authUrl as string, { redirect: 'manual' });
  expect(google.status).toBe(302);
  const callbackUrl = google.headers.get('location') ?? '';
  expect(callbackUrl.startsWith(`${h.baseUrl}/api/youtube/auth/callback?`)).toBe(true);
  const res = await fetch(callbackUrl);
  return { status: res.status, html: await res.text(), headers: res.headers, callbackUrl };
}

/** Connects the fake's next consent channel for the member; returns the account id. */
export async function connectAccount(h: Harness, token: string, clientSecretId: string): Promise<string> {
  const before = await h.request('GET', '/api/youtube/accounts', { token });
  const done = await consent(h, token, `clientSecretId=${clientSecretId}`);
  expect(done.status, done.html).toBe(200);
  const after = await h.request('GET', '/api/youtube/accounts', { token });
  const known = new Set((before.body as Array<{ id: string }>).map((a) => a.id));
  const added = (after.body as Array<{ id: string }>).find((a) => !known.has(a.id));
  return added?.id ?? (after.body as Array<{ id: string }>)[0]?.id ?? '';
}
