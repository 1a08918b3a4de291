import { ActorConfigSchema } from '@scrapper/contracts/http/actor-configs';
import { seedActorConfigs } from '@scrapper/contracts/rules/seed-actor-configs';
import { describe, expect, it } from 'vitest';
import {
  actorFormFromConfig,
  emptyActorForm,
  firstErrorField,
  newChoiceRow,
  newOptionRow,
  splitLines,
  tabOfField,
  toActorConfig,
  validateActorForm,
  withActor,
  withoutActor,
} from './actor-form.ts';
import type { ActorFormValues } from './actor-form.ts';

const seeds = seedActorConfigs.map((seed) => ActorConfigSchema.parse(seed));
const create = { mode: 'create' as const, existingIds: seeds.map((s) => s.platformId) };

function filled(overrides: Partial<ActorFormValues> = {}): ActorFormValues {
  return {
    ...emptyActorForm(),
    platformId: 'twitter',
    displayName: 'X (Twitter)',
    actorId: 'apidojo/tweet-scraper',
    ...overrides,
  };
}

describe('a new actor', () => {
  it('starts with the spec defaults and the option maxResults, Number, 20', () => {
    const form = emptyActorForm();
    expect(form).toMatchObject({
      inputKey: 'searchQueries',
      inputType: 'any',
      isActive: true,
      durationFormat: 'seconds',
      skipIfNoUrl: true,
      dimensionFields: false,
      previewEnabled: true,
      formatPreset: '720p',
      maxDuration: '30',
    });
    expect(form.options).toMatchObject([
      { key: 'maxResults', label: 'Max Results', type: 'number', value: '20' },
    ]);
    expect(toActorConfig(filled()).options).toEqual({
      maxResults: { label: 'Max Results', type: 'number', default: 20 },
    });
  });
});

describe('validateActorForm', () => {
  it('requires platformId, displayName and actorId', () => {
    const errors = validateActorForm(emptyActorForm(), create);
    expect(errors).toMatchObject({
      platformId: 'Platform ID wajib diisi.',
      displayName: 'Display Name wajib diisi.',
      actorId: 'Actor ID wajib diisi.',
    });
    expect(validateActorForm(filled(), create)).toEqual({});
  });

  it("refuses a new actor whose platformId exists with the spec's alert text", () => {
    expect(validateActorForm(filled({ platformId: 'tiktok' }), create).platformId).toBe(
      'Platform ID sudah ada. Harap gunakan ID yang unik.',
    );
    // Editing keeps its own id.
    expect(
      validateActorForm(filled({ platformId: 'tiktok' }), { ...create, mode: 'edit' }),
    ).toEqual({});
  });

  it('takes a preview max duration only as a whole number from 10 to 120', () => {
    for (const bad of ['9', '121', '30.5', '', 'tiga puluh']) {
      expect(validateActorForm(filled({ maxDuration: bad }), create).maxDuration).toBeTruthy();
    }
    for (const good of ['10', '120', ' 45 ']) {
      expect(validateActorForm(filled({ maxDuration: good }), create)).toEqual({});
    }
  });

  it('checks option keys, number and date values, and incomplete download options', () => {
    const number = newOptionRow({ key: 'limit', type: 'number', value: 'banyak' });
    const date = newOptionRow({ key: 'since', type: 'date', value: '2025-01-01' });
    const twin = newOptionRow({ key: 'limit', type: 'text' });
    const blank = newOptionRow({ key: ' ' });
    const errors = validateActorForm(
      filled({
        options: [number, date, twin, blank],
        downloadOptions: [
          { id: 'd1', label: 'HD', value: '' },
          { id: 'd2', label: '', value: '' },
        ],
      }),
      create,
    );
    expect(errors).toEqual({
      [`option-${number.id}-value`]: 'Nilai harus berupa angka.',
      [`option-${date.id}-value`]: 'Tanggal harus berformat dd/mm/yyyy.',
      [`option-${twin.id}-key`]: 'Key sudah dipakai opsi lain.',
      [`option-${blank.id}-key`]: 'Key wajib diisi.',
      'download-d1-value': 'Nilai wajib diisi.',
    });
    expect(firstErrorField(errors)).toBe(`option-${number.id}-value`);
    expect(tabOfField('download-d1-value')).toBe('downloads');
  });

  it('points the first error at the earliest tab', () => {
    const errors = validateActorForm(filled({ actorId: '', maxDuration: '5' }), create);
    expect(firstErrorField(errors)).toBe('actorId');
    expect(tabOfField('maxDuration')).toBe('preview');
    expect(tabOfField('urlMapping')).toBe('platform');
  });
});

describe('form <-> config', () => {
  it('keeps the domains of URL targets, tidied, and refuses what is not a domain', () => {
    const tiktok = seeds[0];
    if (!tiktok) throw new Error('no seed');
    const values = { ...actorFormFromConfig(tiktok), domains: 'https://www.TikTok.com/@x, vm.tiktok.com\n tiktok.com' };
    expect(toActorConfig(values).domains).toEqual(['tiktok.com', 'vm.tiktok.com']);
    expect(validateActorForm({ ...values, domains: 'tiktok' }, { mode: 'edit', existingIds: [] }).domains).toBe(
      '"tiktok" bukan domain (contoh: tiktok.com).',
    );
  });

  it('round-trips every seed config unchanged', () => {
    for (const seed of seeds) {
      expect(toActorConfig(actorFormFromConfig(seed))).toEqual({
        ...seed,
        // The editor always says the unit of duration (seconds when none was given).
        mapping: { ...seed.mapping, duration_format: seed.mapping.duration_format ?? 'seconds' },
      });
    }
  });

  it('hides _format keys from the path fields but keeps them', () => {
    const youtube = seeds.find((s) => s.platformId === 'youtube');
    if (!youtube) throw new Error('no youtube seed');
    const form = actorFormFromConfig({
      ...youtube,
      mapping: { ...youtube.mapping, custom_path: 'x.y', thumb_format: 'jpg' },
    });
    expect(Object.keys(form.mapping)).not.toContain('duration_format');
    expect(Object.keys(form.mapping)).not.toContain('thumb_format');
    expect(form.mapping.custom_path).toBe('x.y');
    expect(form.durationFormat).toBe('timestamp');
    expect(toActorConfig(form).mapping).toMatchObject({ thumb_format: 'jpg', custom_path: 'x.y' });
  });

  it('splits the multi-line mappings on lines and drops blank ones', () => {
    expect(splitLines(' a.b \n\n  \r\nc\n')).toEqual(['a.b', 'c']);
    const config = toActorConfig(filled({ urlMapping: 'url\n\n twitterUrl ', idMapping: '\n' }));
    expect(config.platformSpecific.urlMapping).toEqual(['url', 'twitterUrl']);
    expect(config.platformSpecific.idMapping).toEqual([]);
  });

  it('stores options as a map: Number as a number, date as yyyy-MM-dd, select with choices', () => {
    const choice = { ...newChoiceRow(), label: 'Terbaru', value: 'Latest' };
    const config = toActorConfig(
      filled({
        options: [
          newOptionRow({ key: 'maxItems', label: 'Maks', type: 'number', value: '15' }),
          newOptionRow({ key: 'start', label: 'Mulai', type: 'date', value: '05/06/2025' }),
          newOptionRow({ key: 'sort', type: 'select', value: 'Latest', choices: [choice] }),
          newOptionRow({ key: 'onlyVideo', label: 'Video', type: 'boolean', checked: true }),
        ],
      }),
    );
    expect(config.options).toEqual({
      maxItems: { label: 'Maks', type: 'number', default: 15 },
      start: { label: 'Mulai', type: 'date', default: '2025-06-05' },
      sort: {
        label: 'sort',
        type: 'select',
        default: 'Latest',
        options: [{ label: 'Terbaru', value: 'Latest' }],
      },
      onlyVideo: { label: 'Video', type: 'boolean', default: true },
    });
    // Dates come back for display as dd/MM/yyyy.
    expect(actorFormFromConfig(config).options[1]?.value).toBe('05/06/2025');
  });

  it('saves the preview format of the chosen preset, or the custom one', () => {
    expect(toActorConfig(filled({ formatPreset: 'audio' })).previewSpecific.format).toBe(
      'bestaudio/best',
    );
    expect(
      toActorConfig(filled({ formatPreset: 'custom', customFormat: ' best[height<=360] ' }))
        .previewSpecific.format,
    ).toBe('best[height<=360]');
    expect(actorFormFromConfig(toActorConfig(filled({ formatPreset: '480p' }))).formatPreset).toBe(
      '480p',
    );
  });

  it('builds the full list: add appends, edit replaces by platformId, delete removes', () => {
    const twitter = toActorConfig(filled());
    expect(withActor(seeds, twitter).map((c) => c.platformId)).toEqual([
      'tiktok',
      'douyin',
      'youtube',
      'instagram',
      'facebook',
      'twitter',
    ]);
    const renamed = { ...seeds[1], displayName: 'Douyin CN' } as (typeof seeds)[number];
    const edited = withActor(seeds, renamed);
    expect(edited).toHaveLength(5);
    expect(edited[1]?.displayName).toBe('Douyin CN');
    expect(withoutActor(seeds, 'youtube').map((c) => c.platformId)).not.toContain('youtube');
  });
});
