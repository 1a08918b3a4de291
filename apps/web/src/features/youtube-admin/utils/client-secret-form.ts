import { ClientSecretBodySchema } from '@scrapper/contracts/http/youtube';
import type { ClientSecret } from '@scrapper/contracts/http/youtube';
import type { z } from 'zod';

// The client secret form (spec part 2, sections 2 and 5): name, client id, secret (a password
// field), redirect URI required; platform youtube, active by default; the redirect URI
// defaults to this backend's OAuth callback. On edit an empty secret keeps the stored one.

export type ClientSecretFormMode = 'create' | 'edit';

export interface ClientSecretFormValues {
  name: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  isActive: boolean;
  /** As typed; '' leaves the server's default. */
  quotaDailyUnits: string;
  quotaUploadUnits: string;
}

export type ClientSecretFormErrors = Partial<Record<keyof ClientSecretFormValues, string>>;

export const OAUTH_CALLBACK_PATH = '/api/youtube/auth/callback';

/** ClientSecretBodySchema's bounds for the quota fields. */
const QUOTA_LIMITS = { dailyMin: 1, dailyMax: 100_000_000, uploadMax: 1_000_000 } as const;

export function defaultRedirectUri(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${OAUTH_CALLBACK_PATH}`;
}

export function emptyClientSecretForm(origin: string): ClientSecretFormValues {
  return {
    name: '',
    clientId: '',
    clientSecret: '',
    redirectUri: defaultRedirectUri(origin),
    isActive: true,
    quotaDailyUnits: '',
    quotaUploadUnits: '',
  };
}

/** The form for editing: everything but the secret, which is never sent back whole. */
export function clientSecretFormFrom(secret: ClientSecret): ClientSecretFormValues {
  return {
    name: secret.name,
    clientId: secret.clientId,
    clientSecret: '',
    redirectUri: secret.redirectUri,
    isActive: secret.isActive,
    quotaDailyUnits: String(secret.quotaDailyUnits),
    quotaUploadUnits: String(secret.quotaUploadUnits),
  };
}

function wholeNumber(text: string): number | undefined | null {
  const value = text.trim();
  if (value === '') return undefined;
  if (!/^\d+$/.test(value)) return null;
  return Number(value);
}

/** The request body; numbers that are not whole numbers are left for validation to name. */
export function toClientSecretBody(
  values: ClientSecretFormValues,
  mode: ClientSecretFormMode,
): z.input<typeof ClientSecretBodySchema> {
  const body: z.input<typeof ClientSecretBodySchema> = {
    name: values.name.trim(),
    clientId: values.clientId.trim(),
    platform: 'youtube',
    redirectUri: values.redirectUri.trim(),
    isActive: values.isActive,
  };
  const secret = values.clientSecret.trim();
  if (secret || mode === 'create') body.clientSecret = secret;
  const daily = wholeNumber(values.quotaDailyUnits);
  const upload = wholeNumber(values.quotaUploadUnits);
  if (typeof daily === 'number') body.quotaDailyUnits = daily;
  if (typeof upload === 'number') body.quotaUploadUnits = upload;
  return body;
}

const CONTRACT_FIELDS: Record<string, keyof ClientSecretFormValues> = {
  name: 'name',
  clientId: 'clientId',
  clientSecret: 'clientSecret',
  redirectUri: 'redirectUri',
  quotaDailyUnits: 'quotaDailyUnits',
  quotaUploadUnits: 'quotaUploadUnits',
};

export function validateClientSecretForm(
  values: ClientSecretFormValues,
  mode: ClientSecretFormMode,
): ClientSecretFormErrors {
  const errors: ClientSecretFormErrors = {};
  if (!values.name.trim()) errors.name = 'Nama wajib diisi.';
  if (!values.clientId.trim()) errors.clientId = 'Client ID wajib diisi.';
  if (mode === 'create' && !values.clientSecret.trim()) {
    errors.clientSecret = 'Client Secret wajib diisi.';
  }
  if (!values.redirectUri.trim()) errors.redirectUri = 'Redirect URI wajib diisi.';
  // The contract's quota bounds carry no Indonesian message of their own, so they are here.
  const daily = wholeNumber(values.quotaDailyUnits);
  if (daily === null) errors.quotaDailyUnits = 'Kuota harian harus bilangan bulat.';
  else if (daily !== undefined && daily < QUOTA_LIMITS.dailyMin) {
    errors.quotaDailyUnits = `Kuota harian minimal ${QUOTA_LIMITS.dailyMin} unit.`;
  } else if (daily !== undefined && daily > QUOTA_LIMITS.dailyMax) {
    errors.quotaDailyUnits = 'Kuota harian terlalu besar.';
  }
  const upload = wholeNumber(values.quotaUploadUnits);
  if (upload === null) errors.quotaUploadUnits = 'Unit per upload harus bilangan bulat.';
  else if (upload !== undefined && upload > QUOTA_LIMITS.uploadMax) {
    errors.quotaUploadUnits = 'Unit per upload terlalu besar.';
  }
  const parsed = ClientSecretBodySchema.safeParse(toClientSecretBody(values, mode));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = CONTRACT_FIELDS[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}

export function hasFormErrors(errors: ClientSecretFormErrors): boolean {
  return Object.keys(errors).length > 0;
}
