import type { CreatorInfo, PublishAccount } from '@scrapper/contracts/http/publish';
import { CreatePostBodySchema } from '@scrapper/contracts/http/publish';
import { describe, expect, it } from 'vitest';
import {
  TEXT_ERRORS,
  emptyComposer,
  emptyDestinationChoice,
  toCreatePostBody,
  validateComposer,
} from './composer-form.ts';
import type { ComposerValues } from './composer-form.ts';

const stamp = '2026-01-01T00:00:00.000Z';
function account(id: string, platform: PublishAccount['platform'], name: string): PublishAccount {
  return {
    id,
    platform,
    name,
    username: null,
    pageName: null,
    needsReconnect: false,
    reconnectReason: null,
    clientSecretId: null,
    connectedAt: stamp,
  };
}
const TIKTOK = account('11111111-1111-4111-8111-111111111111', 'tiktok', 'Budi TikTok');
const INSTAGRAM = account('22222222-2222-4222-8222-222222222222', 'instagram', 'budi.ig');
const FACEBOOK = account('33333333-3333-4333-8333-333333333333', 'facebook', 'Budi Page');
const YOUTUBE = account('44444444-4444-4444-8444-444444444444', 'youtube', 'Kanal Budi');
const ACCOUNTS = [TIKTOK, INSTAGRAM, FACEBOOK, YOUTUBE];
const FILE_ID = '55555555-5555-4555-8555-555555555555';
const NOW = new Date('2026-01-10T03:00:00.000Z'); // 10.00 WIB

const INFO: CreatorInfo = {
  nickname: 'Budi',
  username: 'budi',
  privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'],
  commentDisabled: false,
  duetDisabled: true,
  stitchDisabled: false,
  maxVideoPostDurationSec: 180,
};

function withTikTok(
  change: Partial<ReturnType<typeof emptyDestinationChoice>['tiktok']>,
): ComposerValues {
  const choice = emptyDestinationChoice();
  return {
    ...emptyComposer(FILE_ID),
    selected: [TIKTOK.id],
    choices: { [TIKTOK.id]: { ...choice, tiktok: { ...choice.tiktok, ...change } } },
  };
}

describe('composer form', () => {
  it('asks for a file and at least one destination', () => {
    expect(validateComposer(emptyComposer(), ACCOUNTS, {}, NOW)).toEqual({
      serverFileId: TEXT_ERRORS.file,
      destinations: TEXT_ERRORS.destinations,
    });
  });

  it('asks for a YouTube title only when a YouTube channel is chosen', () => {
    const values = { ...emptyComposer(FILE_ID), selected: [FACEBOOK.id] };
    expect(validateComposer(values, ACCOUNTS, {}, NOW)).toEqual({});
    expect(validateComposer({ ...values, selected: [YOUTUBE.id] }, ACCOUNTS, {}, NOW)).toEqual({
      title: TEXT_ERRORS.titleRequired,
    });
  });

  it('TikTok: an inbox draft needs no privacy; a direct post needs one the creator offers', () => {
    expect(validateComposer(withTikTok({}), ACCOUNTS, { [TIKTOK.id]: INFO }, NOW)).toEqual({});
    expect(
      validateComposer(withTikTok({ mode: 'direct' }), ACCOUNTS, { [TIKTOK.id]: INFO }, NOW),
    ).toEqual({
      [`${TIKTOK.id}.privacyLevel`]: TEXT_ERRORS.privacyRequired,
    });
    expect(
      validateComposer(
        withTikTok({ mode: 'direct', privacyLevel: 'FOLLOWER_OF_CREATOR' }),
        ACCOUNTS,
        { [TIKTOK.id]: INFO },
        NOW,
      ),
    ).toEqual({ [`${TIKTOK.id}.privacyLevel`]: TEXT_ERRORS.privacyNotOffered });
  });

  it('TikTok: commercial content names its kind, and branded content cannot be private', () => {
    expect(validateComposer(withTikTok({ commercial: true }), ACCOUNTS, {}, NOW)).toEqual({
      [`${TIKTOK.id}.commercial`]: TEXT_ERRORS.commercialKind,
    });
    expect(
      validateComposer(
        withTikTok({
          mode: 'direct',
          privacyLevel: 'SELF_ONLY',
          commercial: true,
          brandContent: true,
        }),
        ACCOUNTS,
        { [TIKTOK.id]: INFO },
        NOW,
      ),
    ).toEqual({ [`${TIKTOK.id}.privacyLevel`]: TEXT_ERRORS.brandedPrivate });
  });

  it('refuses a schedule in the past or without a date', () => {
    const values = {
      ...emptyComposer(FILE_ID),
      selected: [FACEBOOK.id],
      when: 'schedule' as const,
    };
    expect(validateComposer(values, ACCOUNTS, {}, NOW).schedule).toBe(TEXT_ERRORS.schedule);
    expect(
      validateComposer(
        { ...values, scheduleDate: '2026-01-10', scheduleTime: '09:59' },
        ACCOUNTS,
        {},
        NOW,
      ).schedule,
    ).toBe(TEXT_ERRORS.schedulePast);
  });

  it('builds the post: interactions off unless allowed, commercial only when disclosed, WIB schedule in UTC', () => {
    const base = withTikTok({
      mode: 'direct',
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      allowComment: true,
      brandOrganic: true,
    });
    const values: ComposerValues = {
      ...base,
      caption: '  Halo semua  ',
      title: 'Judul',
      when: 'schedule',
      scheduleDate: '2026-01-11',
      scheduleTime: '19:30',
      selected: [TIKTOK.id, INSTAGRAM.id, FACEBOOK.id, YOUTUBE.id],
      choices: {
        ...base.choices,
        [INSTAGRAM.id]: { ...emptyDestinationChoice(), shareToFeed: false },
        [YOUTUBE.id]: { ...emptyDestinationChoice(), youtubePrivacy: 'unlisted' },
      },
    };
    const body = toCreatePostBody(values, ACCOUNTS);
    expect(body).toEqual({
      serverFileId: FILE_ID,
      caption: 'Halo semua',
      title: 'Judul',
      scheduledAt: '2026-01-11T12:30:00.000Z',
      destinations: [
        {
          accountId: TIKTOK.id,
          tiktok: {
            mode: 'direct',
            privacyLevel: 'PUBLIC_TO_EVERYONE',
            disableComment: false,
            disableDuet: true,
            disableStitch: true,
            // brandOrganic was ticked, but the disclosure switch is off.
            brandOrganic: false,
            brandContent: false,
          },
        },
        { accountId: INSTAGRAM.id, instagram: { shareToFeed: false } },
        { accountId: FACEBOOK.id, facebook: {} },
        { accountId: YOUTUBE.id, youtube: { privacyStatus: 'unlisted' } },
      ],
    });
    expect(
      CreatePostBodySchema.safeParse({ ...body, scheduledAt: '2099-01-01T00:00:00.000Z' }).success,
    ).toBe(true);
  });

  it('sends an inbox draft by default, without a privacy level or a title for non-YouTube posts', () => {
    const body = toCreatePostBody({ ...withTikTok({}), title: 'tidak dipakai' }, ACCOUNTS);
    expect(body.title).toBeUndefined();
    expect(body.scheduledAt).toBeUndefined();
    expect(body.destinations[0]?.tiktok).toEqual({
      mode: 'inbox',
      disableComment: true,
      disableDuet: true,
      disableStitch: true,
      brandOrganic: false,
      brandContent: false,
    });
  });
});
