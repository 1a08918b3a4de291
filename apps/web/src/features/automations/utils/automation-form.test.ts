import type { Automation, AutomationSource } from '@scrapper/contracts/http/automations';
import { automationMessages as M } from '@scrapper/contracts/rules/automations';
import { describe, expect, it } from 'vitest';
import { tiktokPlatform } from '@test/platform-config.ts';
import {
  CHOOSE_ACCOUNT,
  checkBody,
  emptyAutomationForm,
  fieldOfMessage,
  formFromAutomation,
  sourceValues,
} from './automation-form.ts';
import type { AutomationFormValues } from './automation-form.ts';

const source: AutomationSource = {
  actorId: 'clockworks/tiktok-scraper',
  input: { searchQueries: 'kucing lucu', resultsPerPage: 5, onlyVideos: true },
  platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
};

const tiktok = tiktokPlatform({
  options: {
    resultsPerPage: { label: 'Jumlah video per kata kunci', type: 'number', default: 20 },
    onlyVideos: { label: 'Hanya video', type: 'boolean', default: false },
  },
});

const ACCOUNT = '11111111-1111-4111-8111-111111111111';

function form(overrides: Partial<AutomationFormValues>): AutomationFormValues {
  return { ...emptyAutomationForm, name: 'Kucing harian', ...overrides };
}

describe('the automation body', () => {
  it('turns hours into minutes, words into lists and empty numbers into no filter', () => {
    const result = checkBody(
      form({ intervalValue: '2', minPlays: '1000', includeWords: 'kucing, anak kucing ' }),
      source,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body.schedule).toEqual({ kind: 'interval', intervalMinutes: 120 });
    expect(result.body.filters.minPlays).toBe(1000);
    expect(result.body.filters.minLikes).toBeNull();
    expect(result.body.filters.includeWords).toEqual(['kucing', 'anak kucing']);
    expect(result.body.publish).toBeNull();
  });

  it('refuses a schedule more often than every 15 minutes, beside the interval field', () => {
    const result = checkBody(form({ intervalValue: '10', intervalUnit: 'minutes' }), source);
    expect(result).toEqual({ ok: false, errors: { intervalValue: M.intervalTooOften } });
  });

  it('shows min > max beside the maximum duration, and a bad slot beside the slots', () => {
    const result = checkBody(
      form({
        minDuration: '60',
        maxDuration: '30',
        publish: true,
        destinations: [ACCOUNT],
        slots: '09:00, 25:00',
      }),
      source,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.maxDuration).toBe(M.durationMinMax);
    expect(result.errors.slots).toBe(M.slotFormat);
  });

  it('publishes into the slots, at most as many a day as there are slots unless said', () => {
    const result = checkBody(
      form({
        publish: true,
        destinations: [ACCOUNT],
        slots: '19:00 09:00',
        templateTags: 'viral, {platform}',
      }),
      source,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body.publish).toMatchObject({
      destinations: [ACCOUNT],
      playlistId: null,
      slots: ['19:00', '09:00'],
      maxPerDay: 2,
      madeForKids: false,
      metadata: { mode: 'template', title: '{title}', tags: ['viral', '{platform}'] },
    });
  });

  it('puts the server’s account and playlist refusals beside their fields', () => {
    const values = form({ publish: true });
    expect(fieldOfMessage(M.accountNotFound, values)).toBe('destinations');
    expect(fieldOfMessage(M.destinationNotFound, values)).toBe('destinations');
    expect(fieldOfMessage(M.playlistNotFound, values)).toBe('playlistId');
    expect(
      fieldOfMessage(
        M.maxPerDayOverSlots,
        form({ publish: true, destinations: [ACCOUNT], slots: '09:00', maxPerDay: '3' }),
      ),
    ).toBe('maxPerDay');
    expect(fieldOfMessage('Sesuatu yang lain.', values)).toBe('form');
  });
});

describe('editing a saved automation', () => {
  it('fills the source fields from the saved source: target and options', () => {
    expect(sourceValues(source, [tiktok])).toEqual({
      platformId: 'tiktok',
      targetText: 'kucing lucu',
      urls: [],
      optionValues: { resultsPerPage: '5', onlyVideos: true },
    });
    expect(sourceValues(source, [])).toBeUndefined();
  });

  it('gives back the fields the body was made of', () => {
    const body = checkBody(
      form({
        intervalValue: '45',
        intervalUnit: 'minutes',
        publish: true,
        destinations: [ACCOUNT],
        slots: '09:00',
        metadataMode: 'gemini',
      }),
      source,
    );
    if (!body.ok) throw new Error('body refused');
    const automation = {
      ...body.body,
      id: ACCOUNT,
      name: 'Kucing harian',
    } as unknown as Automation;
    const values = formFromAutomation(automation);
    expect(values).toMatchObject({
      intervalValue: '45',
      intervalUnit: 'minutes',
      publish: true,
      destinations: [ACCOUNT],
      slots: '09:00',
      maxPerDay: '1',
      metadataMode: 'gemini',
    });
    expect(checkBody(values, source)).toEqual(body);
  });
});

describe('publishing destinations', () => {
  it('sends every destination picked, once each', () => {
    const other = '22222222-2222-4222-8222-222222222222';
    const result = checkBody(form({ publish: true, destinations: [ACCOUNT, other], slots: '09:00' }), source);
    expect(result.ok && result.body.publish?.destinations).toEqual([ACCOUNT, other]);
    const twice = checkBody(form({ publish: true, destinations: [ACCOUNT, ACCOUNT], slots: '09:00' }), source);
    expect(twice).toEqual({ ok: false, errors: { destinations: M.duplicateDestinations } });
  });

  it('asks for a destination in plain words, not the list rule', () => {
    const result = checkBody(form({ publish: true, slots: '09:00' }), source);
    expect(result).toEqual({ ok: false, errors: { destinations: CHOOSE_ACCOUNT } });
  });
});
