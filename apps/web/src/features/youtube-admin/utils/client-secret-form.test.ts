import type { ClientSecret } from '@scrapper/contracts/http/youtube';
import { ClientSecretBodySchema } from '@scrapper/contracts/http/youtube';
import { describe, expect, it } from 'vitest';
import {
  clientSecretFormFrom,
  defaultRedirectUri,
  emptyClientSecretForm,
  toClientSecretBody,
  validateClientSecretForm,
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
  quotaDailyUnits: 10000,
  quotaUploadUnits: 1600,
  quotaUsedToday: 3200,
  uploadsToday: 2,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('client secret form', () => {
  it("defaults to active, platform youtube and this backend's OAuth callback", () => {
    const empty = emptyClientSecretForm(ORIGIN);
    expect(empty.redirectUri).toBe('https://scrapper.example.com/api/youtube/auth/callback');
    expect(defaultRedirectUri(`${ORIGIN}/`)).toBe(empty.redirectUri);
    expect(empty.isActive).toBe(true);
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
    expect(body).toMatchObject({ quotaDailyUnits: 10000, quotaUploadUnits: 1600, isActive: false });
    expect(toClientSecretBody({ ...values, clientSecret: ' baru ' }, 'edit').clientSecret).toBe(
      'baru',
    );
  });

  it('refuses a redirect URI that is not http(s) and quotas that are not whole numbers', () => {
    const values = {
      ...emptyClientSecretForm(ORIGIN),
      name: 'A',
      clientId: 'B',
      clientSecret: 'C',
      redirectUri: 'ftp://x',
      quotaDailyUnits: '1.5',
      quotaUploadUnits: '-1',
    };
    expect(validateClientSecretForm(values, 'create')).toEqual({
      redirectUri: 'Redirect URI harus URL http(s).',
      quotaDailyUnits: 'Kuota harian harus bilangan bulat.',
      quotaUploadUnits: 'Unit per upload harus bilangan bulat.',
    });
    expect(
      validateClientSecretForm(
        { ...values, redirectUri: ORIGIN, quotaDailyUnits: '0', quotaUploadUnits: '' },
        'create',
      ),
    ).toEqual({
      quotaDailyUnits: 'Kuota harian minimal 1 unit.',
    });
  });

  it('sends what the contract accepts, leaving empty quotas to the server', () => {
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
    });
    expect(ClientSecretBodySchema.safeParse(body).success).toBe(true);
  });
});
