import type { ClientSecret } from '@scrapper/contracts/http/youtube-accounts';
import { ClientSecretBodySchema } from '@scrapper/contracts/http/youtube-accounts';
import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_LABELS,
  clientSecretFormFrom,
  defaultRedirectUri,
  emptyClientSecretForm,
  toClientSecretBody,
  validateClientSecretForm,
  withPlatform,
} from './client-secret-form.ts';

const ORIGIN = 'https://scrapper.example.com';

const stored: ClientSecret = {
  id: '0b9c5e7e-3c1a-4f61-9a43-1d2f3e4a5b6c',
  name: 'Utama',
  clientId: 'abc.apps.googleusercontent.com',
  clientSecret: '••••••wxyz',
  platform: 'youtube',
  redirectUri: `${ORIGIN}/api/youtube/auth/callback`,
  isActive: false,
  quotaDailyUploads: 100,
  quotaDailyUnits: 10000,
  quotaToday: {
    quotaDay: '2025-01-01',
    resetsAt: '2025-01-02T08:00:00.000Z',
    uploadsLimit: 100,
    uploadsUsed: 2,
    uploadsRemaining: 98,
    unitsLimit: 10000,
    unitsUsed: 200,
    unitsRemaining: 9800,
  },
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('client secret form', () => {
  it("defaults to active, platform youtube, this backend's OAuth callback and Google's 2026 quota", () => {
    const empty = emptyClientSecretForm(ORIGIN);
    expect(empty.redirectUri).toBe('https://scrapper.example.com/api/youtube/auth/callback');
    expect(defaultRedirectUri(`${ORIGIN}/`)).toBe(empty.redirectUri);
    expect(empty.isActive).toBe(true);
    expect(empty).toMatchObject({ quotaDailyUploads: '100', quotaDailyUnits: '10000' });
    expect(toClientSecretBody(empty, 'create')).toMatchObject({
      platform: 'youtube',
      isActive: true,
    });
  });

  it('requires name, client id, secret and redirect URI when adding', () => {
    const errors = validateClientSecretForm(
      { ...emptyClientSecretForm(ORIGIN), redirectUri: ' ' },
      'create',
    );
    expect(errors).toEqual({
      name: 'Nama wajib diisi.',
      clientId: 'Client ID wajib diisi.',
      clientSecret: 'Client Secret wajib diisi.',
      redirectUri: 'Redirect URI wajib diisi.',
    });
  });

  it('keeps the stored secret on edit when the field is left empty', () => {
    const values = clientSecretFormFrom(stored);
    expect(values.clientSecret).toBe('');
    expect(validateClientSecretForm(values, 'edit')).toEqual({});
    const body = toClientSecretBody(values, 'edit');
    expect(body).not.toHaveProperty('clientSecret');
    expect(body).toMatchObject({ quotaDailyUploads: 100, quotaDailyUnits: 10000, isActive: false });
    expect(toClientSecretBody({ ...values, clientSecret: ' baru ' }, 'edit').clientSecret).toBe(
      'baru',
    );
  });

  it('refuses a redirect URI that is not http(s) and quotas outside their ranges, in the server’s words', () => {
    const uploads =
      'Kuota unggahan harian (videos.insert) harus bilangan bulat dari 1 sampai 100.000.';
    const units = 'Kuota unit harian harus bilangan bulat dari 1 sampai 100.000.000.';
    const values = {
      ...emptyClientSecretForm(ORIGIN),
      name: 'A',
      clientId: 'B',
      clientSecret: 'C',
      redirectUri: 'ftp://x',
      quotaDailyUploads: '-1',
      quotaDailyUnits: '1.5',
    };
    expect(validateClientSecretForm(values, 'create')).toEqual({
      redirectUri: 'Redirect URI harus URL http(s).',
      quotaDailyUploads: uploads,
      quotaDailyUnits: units,
    });
    for (const [quotaDailyUploads, quotaDailyUnits] of [
      ['0', '0'],
      ['100001', '100000001'],
      ['', ' '],
    ] as const) {
      expect(
        validateClientSecretForm(
          { ...values, redirectUri: ORIGIN, quotaDailyUploads, quotaDailyUnits },
          'create',
        ),
      ).toEqual({ quotaDailyUploads: uploads, quotaDailyUnits: units });
    }
    expect(
      validateClientSecretForm(
        { ...values, redirectUri: ORIGIN, quotaDailyUploads: '100000', quotaDailyUnits: '1' },
        'create',
      ),
    ).toEqual({});
  });

  it('sends what the contract accepts, quotas as numbers', () => {
    const body = toClientSecretBody(
      { ...emptyClientSecretForm(ORIGIN), name: ' Utama ', clientId: 'id', clientSecret: 's' },
      'create',
    );
    expect(body).toEqual({
      name: 'Utama',
      clientId: 'id',
      clientSecret: 's',
      platform: 'youtube',
      redirectUri: `${ORIGIN}/api/youtube/auth/callback`,
      isActive: true,
      quotaDailyUploads: 100,
      quotaDailyUnits: 10000,
    });
    expect(ClientSecretBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('client secret form: the platform (issue 33)', () => {
  it("names the fields as each platform's console does and defaults to that platform's callback", () => {
    expect(CREDENTIAL_LABELS.tiktok).toEqual({ id: 'Client key', secret: 'Client secret' });
    expect(CREDENTIAL_LABELS.meta).toEqual({ id: 'App ID', secret: 'App secret' });
    expect(emptyClientSecretForm(ORIGIN, 'meta').redirectUri).toBe(
      'https://scrapper.example.com/api/publish/meta/auth/callback',
    );
    const tiktok = withPlatform(emptyClientSecretForm(ORIGIN), 'tiktok', ORIGIN);
    expect(tiktok.redirectUri).toBe('https://scrapper.example.com/api/publish/tiktok/auth/callback');
    // A redirect URI the admin typed is kept when the platform changes.
    const typed = { ...emptyClientSecretForm(ORIGIN), redirectUri: 'https://other.example/cb' };
    expect(withPlatform(typed, 'meta', ORIGIN).redirectUri).toBe('https://other.example/cb');
  });

  it('sends the platform and leaves the quota settings out for TikTok and Meta', () => {
    const values = {
      ...emptyClientSecretForm(ORIGIN, 'tiktok'),
      name: 'TikTok',
      clientId: 'awkey123',
      clientSecret: 's3cret',
      quotaDailyUploads: 'bukan angka',
    };
    expect(validateClientSecretForm(values, 'create')).toEqual({});
    const body = toClientSecretBody(values, 'create');
    expect(body).toEqual({
      name: 'TikTok',
      clientId: 'awkey123',
      clientSecret: 's3cret',
      platform: 'tiktok',
      redirectUri: 'https://scrapper.example.com/api/publish/tiktok/auth/callback',
      isActive: true,
    });
    expect(ClientSecretBodySchema.safeParse(body).success).toBe(true);
    expect(validateClientSecretForm({ ...values, clientId: '', clientSecret: '' }, 'create')).toEqual({
      clientId: 'Client key wajib diisi.',
      clientSecret: 'Client secret wajib diisi.',
    });
  });

  it('keeps the stored platform when editing', () => {
    expect(clientSecretFormFrom({ ...stored, platform: 'meta' }).platform).toBe('meta');
  });
});
