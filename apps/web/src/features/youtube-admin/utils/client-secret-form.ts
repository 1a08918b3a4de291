import { ClientSecretBodySchema, QUOTA_LABELS, quotaSettingMessage } from '@scrapper/contracts/http/youtube-accounts';
import type { ClientSecret } from '@scrapper/contracts/http/youtube-accounts';
import {
  YOUTUBE_QUOTA_DEFAULTS,
  YOUTUBE_QUOTA_RANGES,
} from '@scrapper/contracts/rules/youtube-quota';
import type { ClientSecretPlatform } from '@scrapper/contracts/rules/publish-destinations';
import type { z } from 'zod';

// The client secret form (spec part 2, sections 2 and 5): name, client id, secret (a password
// field), redirect URI required; platform youtube, active by default; the redirect URI
// defaults to this backend's OAuth callback. On edit an empty secret keeps the stored one.
// The two quota settings are Google's 2026 buckets: videos.insert calls a day (default 100)
// and units a day for every other call (default 10,000).
// Issue 33: the same form registers a TikTok app (client key + secret) or a Meta app (app id +
// secret); the fields are named as each platform's console names them, the redirect URI
// defaults to that platform's callback, and the quota settings are Google's only.

export type ClientSecretFormMode = 'create' | 'edit';

export interface ClientSecretFormValues {
  platform: ClientSecretPlatform;
  name: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  isActive: boolean;
  /** As typed: videos.insert calls a day. */
  quotaDailyUploads: string;
  /** As typed: units a day for every other call. */
  quotaDailyUnits: string;
}

export type ClientSecretFormErrors = Partial<Record<keyof ClientSecretFormValues, string>>;

export const OAUTH_CALLBACK_PATH = '/api/youtube/auth/callback';

/** Where each platform sends the member back after consent (issue 33 item 1). */
export const CALLBACK_PATHS: Record<ClientSecretPlatform, string> = {
  youtube: OAUTH_CALLBACK_PATH,
  tiktok: '/api/publish/tiktok/auth/callback',
  meta: '/api/publish/meta/auth/callback',
};

/** The field names each platform's developer console uses. */
export const CREDENTIAL_LABELS: Record<ClientSecretPlatform, { id: string; secret: string }> = {
  youtube: { id: 'Client ID', secret: 'Client Secret' },
  tiktok: { id: 'Client key', secret: 'Client secret' },
  meta: { id: 'App ID', secret: 'App secret' },
};

export function defaultRedirectUri(
  origin: string,
  platform: ClientSecretPlatform = 'youtube',
): string {
  return `${origin.replace(/\/+$/, '')}${CALLBACK_PATHS[platform]}`;
}

/** A new platform chosen: its own callback replaces the previous platform's default. */
export function withPlatform(
  values: ClientSecretFormValues,
  platform: ClientSecretPlatform,
  origin: string,
): ClientSecretFormValues {
  const wasDefault = values.redirectUri.trim() === defaultRedirectUri(origin, values.platform);
  return {
    ...values,
    platform,
    redirectUri:
      wasDefault || !values.redirectUri.trim()
        ? defaultRedirectUri(origin, platform)
        : values.redirectUri,
  };
}

export function emptyClientSecretForm(
  origin: string,
  platform: ClientSecretPlatform = 'youtube',
): ClientSecretFormValues {
  return {
    platform,
    name: '',
    clientId: '',
    clientSecret: '',
    redirectUri: defaultRedirectUri(origin, platform),
    isActive: true,
    quotaDailyUploads: String(YOUTUBE_QUOTA_DEFAULTS.dailyUploads),
    quotaDailyUnits: String(YOUTUBE_QUOTA_DEFAULTS.dailyUnits),
  };
}

/** The form for editing: everything but the secret, which is never sent back whole. */
export function clientSecretFormFrom(secret: ClientSecret): ClientSecretFormValues {
  return {
    platform: secret.platform,
    name: secret.name,
    clientId: secret.clientId,
    clientSecret: '',
    redirectUri: secret.redirectUri,
    isActive: secret.isActive,
    quotaDailyUploads: String(secret.quotaDailyUploads),
    quotaDailyUnits: String(secret.quotaDailyUnits),
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
    platform: values.platform,
    redirectUri: values.redirectUri.trim(),
    isActive: values.isActive,
  };
  const secret = values.clientSecret.trim();
  if (secret || mode === 'create') body.clientSecret = secret;
  if (values.platform !== 'youtube') return body;
  const uploads = wholeNumber(values.quotaDailyUploads);
  const units = wholeNumber(values.quotaDailyUnits);
  if (typeof uploads === 'number') body.quotaDailyUploads = uploads;
  if (typeof units === 'number') body.quotaDailyUnits = units;
  return body;
}

const CONTRACT_FIELDS: Record<string, keyof ClientSecretFormValues> = {
  name: 'name',
  clientId: 'clientId',
  clientSecret: 'clientSecret',
  redirectUri: 'redirectUri',
  quotaDailyUploads: 'quotaDailyUploads',
  quotaDailyUnits: 'quotaDailyUnits',
};

/** A quota setting must be a whole number inside its range: the contract's own message. */
function quotaError(
  text: string,
  label: string,
  range: { min: number; max: number },
): string | undefined {
  const value = wholeNumber(text);
  if (value === undefined || value === null || value < range.min || value > range.max) {
    return quotaSettingMessage(label, range);
  }
  return undefined;
}

export function validateClientSecretForm(
  values: ClientSecretFormValues,
  mode: ClientSecretFormMode,
): ClientSecretFormErrors {
  const errors: ClientSecretFormErrors = {};
  if (!values.name.trim()) errors.name = 'Nama wajib diisi.';
  const labels = CREDENTIAL_LABELS[values.platform];
  if (!values.clientId.trim()) errors.clientId = `${labels.id} wajib diisi.`;
  if (mode === 'create' && !values.clientSecret.trim()) {
    errors.clientSecret = `${labels.secret} wajib diisi.`;
  }
  if (!values.redirectUri.trim()) errors.redirectUri = 'Redirect URI wajib diisi.';
  // Both settings are asked for (the form starts with Google's defaults); an empty field is
  // refused like any value outside the range, with the server's own words. YouTube only.
  const uploads =
    values.platform !== 'youtube'
      ? undefined
      : quotaError(
          values.quotaDailyUploads,
          QUOTA_LABELS.dailyUploads,
          YOUTUBE_QUOTA_RANGES.dailyUploads,
        );
  if (uploads) errors.quotaDailyUploads = uploads;
  const units =
    values.platform !== 'youtube'
      ? undefined
      : quotaError(
          values.quotaDailyUnits,
          QUOTA_LABELS.dailyUnits,
          YOUTUBE_QUOTA_RANGES.dailyUnits,
        );
  if (units) errors.quotaDailyUnits = units;
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
