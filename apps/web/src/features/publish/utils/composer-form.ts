import type { CreatorInfo, PublishAccount } from '@scrapper/contracts/http/publish';
import { fromJakartaDateTime } from '@scrapper/contracts/rules/jakarta-time';
import { PUBLISH_TEXT_LIMITS } from '@scrapper/contracts/rules/publish-destinations';
import type { TikTokPrivacyLevel } from '@scrapper/contracts/rules/publish-destinations';
import type { CreatePostInput } from '../api.ts';

// The composer of the "Publikasikan" page (issue 33 items 2 and 3): one server file, a caption
// (and a YouTube title), now or a WIB date-time, and per chosen destination its options.
// TikTok follows its posting guidelines: inbox draft by default, a direct post only by choice
// and then with a privacy level the creator offers (no default), interactions off unless
// turned on and never where creator info disables them, the commercial-content disclosure.

export type YouTubePrivacy = 'public' | 'unlisted' | 'private';

export interface TikTokChoice {
  mode: 'inbox' | 'direct';
  privacyLevel: TikTokPrivacyLevel | '';
  allowComment: boolean;
  allowDuet: boolean;
  allowStitch: boolean;
  /** "Konten komersial" switched on: one of the two kinds below must be picked. */
  commercial: boolean;
  brandOrganic: boolean;
  brandContent: boolean;
}

export interface DestinationChoice {
  tiktok: TikTokChoice;
  /** Instagram: "Tampilkan juga di feed". */
  shareToFeed: boolean;
  youtubePrivacy: YouTubePrivacy;
}

export interface ComposerValues {
  serverFileId: string;
  caption: string;
  title: string;
  when: 'now' | 'schedule';
  scheduleDate: string;
  scheduleTime: string;
  /** Chosen destination account ids, in the order they were chosen. */
  selected: string[];
  choices: Record<string, DestinationChoice>;
}

/** Keys: the form's fields, and `<accountId>.privacyLevel` / `<accountId>.commercial`. */
export type ComposerErrors = Record<string, string>;

export function emptyDestinationChoice(): DestinationChoice {
  return {
    tiktok: {
      mode: 'inbox',
      privacyLevel: '',
      allowComment: false,
      allowDuet: false,
      allowStitch: false,
      commercial: false,
      brandOrganic: false,
      brandContent: false,
    },
    shareToFeed: true,
    youtubePrivacy: 'public',
  };
}

export function emptyComposer(serverFileId = ''): ComposerValues {
  return {
    serverFileId,
    caption: '',
    title: '',
    when: 'now',
    scheduleDate: '',
    scheduleTime: '',
    selected: [],
    choices: {},
  };
}

export function choiceOf(values: ComposerValues, accountId: string): DestinationChoice {
  return values.choices[accountId] ?? emptyDestinationChoice();
}

export const TEXT_ERRORS = {
  file: 'Pilih file terlebih dahulu.',
  caption: `Caption maksimal ${PUBLISH_TEXT_LIMITS.captionMaxLength} karakter.`,
  titleRequired: 'Judul YouTube wajib diisi karena channel YouTube dipilih.',
  title: `Judul YouTube maksimal ${PUBLISH_TEXT_LIMITS.youtubeTitleMaxLength} karakter.`,
  schedule: 'Isi tanggal dan waktu jadwal (WIB) yang valid.',
  schedulePast: 'Waktu jadwal harus di masa depan.',
  destinations: 'Pilih minimal satu tujuan.',
  privacyRequired:
    'Posting langsung ke TikTok perlu tingkat privasi yang dipilih sendiri (tidak ada bawaan).',
  privacyNotOffered: 'Akun TikTok ini tidak menawarkan tingkat privasi itu. Pilih yang tersedia.',
  commercialKind: 'Pilih minimal satu: "Brand Anda sendiri" atau "Konten bermerek".',
  brandedPrivate: 'Konten bermerek tidak bisa diposting dengan privasi "Hanya saya".',
} as const;

/** The scheduled instant, null when the fields do not name one. */
export function scheduledInstant(values: ComposerValues): Date | null {
  return fromJakartaDateTime(values.scheduleDate, values.scheduleTime);
}

export function validateComposer(
  values: ComposerValues,
  accounts: readonly PublishAccount[],
  creatorInfo: Readonly<Record<string, CreatorInfo | undefined>>,
  now: Date,
): ComposerErrors {
  const errors: ComposerErrors = {};
  if (!values.serverFileId) errors.serverFileId = TEXT_ERRORS.file;
  if (values.caption.trim().length > PUBLISH_TEXT_LIMITS.captionMaxLength)
    errors.caption = TEXT_ERRORS.caption;
  const chosen = accounts.filter((account) => values.selected.includes(account.id));
  if (chosen.length === 0) errors.destinations = TEXT_ERRORS.destinations;
  if (chosen.some((account) => account.platform === 'youtube')) {
    if (!values.title.trim()) errors.title = TEXT_ERRORS.titleRequired;
    else if (values.title.trim().length > PUBLISH_TEXT_LIMITS.youtubeTitleMaxLength)
      errors.title = TEXT_ERRORS.title;
  }
  if (values.when === 'schedule') {
    const at = scheduledInstant(values);
    if (!at) errors.schedule = TEXT_ERRORS.schedule;
    else if (at.getTime() <= now.getTime()) errors.schedule = TEXT_ERRORS.schedulePast;
  }
  for (const account of chosen) {
    if (account.platform !== 'tiktok') continue;
    const tiktok = choiceOf(values, account.id).tiktok;
    const offered = creatorInfo[account.id]?.privacyLevelOptions;
    if (tiktok.mode === 'direct' && !tiktok.privacyLevel) {
      errors[`${account.id}.privacyLevel`] = TEXT_ERRORS.privacyRequired;
    } else if (tiktok.privacyLevel && offered && !offered.includes(tiktok.privacyLevel)) {
      errors[`${account.id}.privacyLevel`] = TEXT_ERRORS.privacyNotOffered;
    } else if (tiktok.commercial && tiktok.brandContent && tiktok.privacyLevel === 'SELF_ONLY') {
      errors[`${account.id}.privacyLevel`] = TEXT_ERRORS.brandedPrivate;
    }
    if (tiktok.commercial && !tiktok.brandOrganic && !tiktok.brandContent) {
      errors[`${account.id}.commercial`] = TEXT_ERRORS.commercialKind;
    }
  }
  return errors;
}

/** POST /api/publish/posts from a valid form. */
export function toCreatePostBody(
  values: ComposerValues,
  accounts: readonly PublishAccount[],
): CreatePostInput {
  const destinations = accounts
    .filter((account) => values.selected.includes(account.id))
    .map((account) => {
      const choice = choiceOf(values, account.id);
      switch (account.platform) {
        case 'tiktok': {
          const t = choice.tiktok;
          return {
            accountId: account.id,
            tiktok: {
              mode: t.mode,
              ...(t.privacyLevel ? { privacyLevel: t.privacyLevel } : {}),
              disableComment: !t.allowComment,
              disableDuet: !t.allowDuet,
              disableStitch: !t.allowStitch,
              brandOrganic: t.commercial && t.brandOrganic,
              brandContent: t.commercial && t.brandContent,
            },
          };
        }
        case 'instagram':
          return { accountId: account.id, instagram: { shareToFeed: choice.shareToFeed } };
        case 'facebook':
          return { accountId: account.id, facebook: {} };
        case 'youtube':
          return { accountId: account.id, youtube: { privacyStatus: choice.youtubePrivacy } };
      }
    });
  const title = values.title.trim();
  const hasYouTube = accounts.some(
    (a) => a.platform === 'youtube' && values.selected.includes(a.id),
  );
  const at = values.when === 'schedule' ? scheduledInstant(values) : null;
  return {
    serverFileId: values.serverFileId,
    caption: values.caption.trim(),
    ...(hasYouTube && title ? { title } : {}),
    ...(at ? { scheduledAt: at.toISOString() } : {}),
    destinations,
  };
}
