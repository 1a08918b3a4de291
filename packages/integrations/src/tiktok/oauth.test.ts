import { describe, expect, it } from 'vitest';
import { buildTikTokAuthUrl, TIKTOK_DEFAULT_AUTH_URL, TIKTOK_DEFAULT_SCOPES } from './oauth.ts';

describe('buildTikTokAuthUrl', () => {
  it('builds Login Kit v2 authorize URLs with comma-separated scopes', () => {
    const url = new URL(
      buildTikTokAuthUrl({
        authUrl: TIKTOK_DEFAULT_AUTH_URL,
        clientKey: 'awkey123',
        redirectUri: 'https://scrapper.example/api/publish/tiktok/auth/callback',
        state: 's t&ate',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://www.tiktok.com/v2/auth/authorize/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: 'awkey123',
      scope: 'user.info.basic,user.info.profile,video.upload,video.publish',
      redirect_uri: 'https://scrapper.example/api/publish/tiktok/auth/callback',
      state: 's t&ate',
      response_type: 'code',
    });
    expect(TIKTOK_DEFAULT_SCOPES).toContain('video.upload');
  });

  it('keeps a configured base (a fake or proxy) and takes other scopes', () => {
    const url = new URL(
      buildTikTokAuthUrl({
        authUrl: 'http://127.0.0.1:4321/v2/auth/authorize/',
        clientKey: 'k',
        redirectUri: 'http://localhost/cb',
        state: 'x',
        scopes: ['user.info.basic', 'video.upload'],
      }),
    );
    expect(url.host).toBe('127.0.0.1:4321');
    expect(url.pathname).toBe('/v2/auth/authorize/');
    expect(url.searchParams.get('scope')).toBe('user.info.basic,video.upload');
  });
});
