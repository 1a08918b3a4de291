import { describe, expect, it } from 'vitest';
import { META_DEFAULT_ENDPOINTS } from './http.ts';
import { buildMetaAuthUrl, META_SCOPES, parseMetaCallback } from './oauth.ts';

const app = {
  appId: '1234567890',
  redirectUri: 'https://scrapper.example/api/publish/meta/auth/callback',
};

describe('buildMetaAuthUrl', () => {
  it("points at Meta's v24.0 dialog with the app, redirect, state and the six scopes", () => {
    const url = new URL(buildMetaAuthUrl(META_DEFAULT_ENDPOINTS, app, 'st-1'));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.facebook.com/v24.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '1234567890',
      redirect_uri: app.redirectUri,
      state: 'st-1',
      response_type: 'code',
      scope:
        'pages_show_list,pages_read_engagement,pages_manage_posts,instagram_basic,instagram_content_publish,business_management',
    });
    expect(META_SCOPES).toHaveLength(6);
  });

  it('keeps the configured address and adds a Login for Business config_id when given', () => {
    const url = new URL(
      buildMetaAuthUrl({ authUrl: 'http://127.0.0.1:9/www/v24.0/dialog/oauth' }, app, 's', {
        configId: 'cfg-9',
      }),
    );
    expect(url.pathname).toBe('/www/v24.0/dialog/oauth');
    expect(url.searchParams.get('config_id')).toBe('cfg-9');
  });
});

describe('parseMetaCallback', () => {
  it('reads a code and state', () => {
    expect(parseMetaCallback(new URLSearchParams('code=AQ1&state=s1'))).toEqual({
      ok: true,
      code: 'AQ1',
      state: 's1',
    });
  });

  it('reads a refusal with its reason', () => {
    expect(
      parseMetaCallback(
        new URLSearchParams('error=access_denied&error_reason=user_denied&error_code=200&state=s1'),
      ),
    ).toEqual({ ok: false, error: 'access_denied', reason: 'user_denied', state: 's1' });
  });

  it('refuses a code without state', () => {
    expect(parseMetaCallback(new URLSearchParams('code=AQ1'))).toMatchObject({
      ok: false,
      error: 'missing_state',
    });
  });
});
