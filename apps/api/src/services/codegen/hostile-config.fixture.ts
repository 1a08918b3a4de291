import { ActorConfigSchema, type ActorConfig } from '@scrapper/contracts/http/actor-configs';

// Test fixture (used only by the *.test.ts files here): an actor config that passes
// ActorConfigSchema with text in every field that would break out of a string literal, a
// template literal, a comment or an HTML script block if the generator spliced config text
// into code. Each attempt sets globalThis.__cgPwned, which the tests check stays unset.

export const HOSTILE = "a.b'\"`${globalThis.__cgPwned=1}*/</script><!--\n\r\u2028\u2029');globalThis.__cgPwned=2;//\\\u202e";

/** Option keys are limited to 64 characters. */
const HOSTILE_KEY = "k'\"`${globalThis.__cgPwned=3}*/</script>\n\u2028";

/** HOSTILE with a suffix, so every field has its own value. */
export function hostile(suffix: string): string {
  return `${HOSTILE}${suffix}`;
}

export const hostileConfig: ActorConfig = ActorConfigSchema.parse({
  platformId: 'hostile_1',
  displayName: hostile('name'),
  actorId: hostile('actor'),
  inputKey: hostile('key'),
  inputKeys: { url: hostile('urls'), keyword: hostile('keywords'), cookies: hostile('cookies') },
  targetLabel: hostile('label'),
  inputType: 'any',
  isActive: true,
  mapping: {
    id: hostile('id'),
    url: hostile('url'),
    webpage_url: hostile('page'),
    title: hostile('title'),
    duration: hostile('duration'),
    duration_format: hostile('format'),
    author: hostile('author'),
    play_count: hostile('plays'),
    like_count: hostile('likes'),
    thumbnail: hostile('thumb'),
    is_video_check: hostile('isVideo'),
    [`${HOSTILE_KEY}extra`]: hostile('extra'),
  },
  platformSpecific: {
    urlGeneration: {
      authorField: hostile('authorField'),
      idField: hostile('idField'),
      template: `https://video.test/{author}/{id}?q=${HOSTILE}`,
    },
    urlMapping: [hostile('url2')],
    titleMapping: [hostile('title2')],
    durationMapping: [hostile('duration2')],
    idMapping: [hostile('id2')],
    playCountMapping: [hostile('plays2')],
    skipIfNoUrl: true,
    dimensionFields: true,
  },
  previewSpecific: { enabled: true, format: hostile('previewFormat'), maxDuration: 45 },
  options: {
    [`${HOSTILE_KEY}1`]: { label: hostile('L1'), type: 'text', default: hostile('D1') },
    [`${HOSTILE_KEY}2`]: {
      label: hostile('L2'),
      type: 'select',
      default: hostile('V2'),
      options: [{ label: hostile('C2'), value: hostile('V2') }],
    },
    [`${HOSTILE_KEY}3`]: { label: hostile('L3'), type: 'date', default: '01/02/2024' },
  },
  downloadOptions: [{ label: hostile('dl'), value: hostile('dlValue') }],
});
