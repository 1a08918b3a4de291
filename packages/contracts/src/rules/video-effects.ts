// The video effects a YouTube upload can get (spec part 2, section 5): the upload form offers
// them, the API accepts them, the integrations' renderer draws them. Listed once, here.

export const VIDEO_EFFECTS = ['none', 'blur', 'sepia', 'brightness', 'contrast', 'grayscale', 'vintage', 'glow'] as const;
export type VideoEffectName = (typeof VIDEO_EFFECTS)[number];

export function isVideoEffect(value: unknown): value is VideoEffectName {
  return VIDEO_EFFECTS.some((effect) => effect === value);
}
