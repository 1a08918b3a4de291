// Shared by the publishing integration tests: the fakes' addresses as settings, an admin's
// TikTok and Meta clients, and connecting through the fakes' consent pages as a browser would.
import { expect } from 'vitest';
import type { FakeMeta } from '@scrapper/testkit/fake-meta/start-fake-meta';
import type { FakeTikTok } from '@scrapper/testkit/fake-tiktok/start-fake-tiktok';
import type { Harness } from './harness.ts';

export const TIKTOK_CLIENT_SECRET = 'tiktok-client-secret-0123456789';
export const META_APP_SECRET = 'meta-app-secret-0123456789abcdef';

export function fakePublishEnv(tiktok: FakeTikTok, meta: FakeMeta): Record<string, string> {
  return {
    TIKTOK_AUTH_URL: tiktok.urls.authUrl,
    TIKTOK_API_BASE_URL: tiktok.urls.apiBaseUrl,
    META_AUTH_URL: meta.urls.authUrl,
    META_GRAPH_BASE_URL: meta.urls.graphBaseUrl,
    META_GRAPH_VERSION: meta.version,
    META_UPLOAD_BASE_URL: meta.urls.uploadBaseUrl,
  };
}

export async function createPlatformClient(h: Harness, adminToken: string, platform: 'tiktok' | 'meta', name = `${platform} app`): Promise<string> {
  const res = await h.request('POST', '/api/admin/client-secrets', {
    token: adminToken,
    body: {
      name,
      platform,
      clientId: platform === 'tiktok' ? 'awtiktokclientkey' : '1234567890123456',
      clientSecret: platform === 'tiktok' ? TIKTOK_CLIENT_SECRET : META_APP_SECRET,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** Follows the platform's redirect back to us (the fake approves at once), as the popup would. */
export async function connectPublish(
  h: Harness,
  token: string,
  platform: 'tiktok' | 'meta',
  clientSecretId: string,
): Promise<{ status: number; html: string; headers: Headers; callbackUrl: string }> {
  const start = await h.request('GET', `/api/publish/${platform}/auth/url?clientSecretId=${clientSecretId}`, { token });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const consent = await fetch(start.body.authUrl as string, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callbackUrl = consent.headers.get('location') ?? '';
  expect(callbackUrl.startsWith(`${h.baseUrl}/api/publish/${platform}/auth/callback?`), callbackUrl).toBe(true);
  const res = await fetch(callbackUrl);
  return { status: res.status, html: await res.text(), headers: res.headers, callbackUrl };
}
