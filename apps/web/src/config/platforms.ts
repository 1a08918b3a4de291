// Platforms the download history and the file manager filter by (spec part 2, section 9:
// youtube, douyin, tiktok, instagram, facebook, twitter), with the names shown for them.
// Platforms an admin adds later still appear: lists add the ones they find in the data.

export const KNOWN_PLATFORMS = [
  'youtube',
  'douyin',
  'tiktok',
  'instagram',
  'facebook',
  'twitter',
] as const;

const LABELS: Readonly<Record<string, string>> = {
  youtube: 'YouTube',
  douyin: 'Douyin',
  tiktok: 'TikTok',
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  // "Unduh dari URL" from a site that is none of the platforms above.
  web: 'Situs lain',
};

/** The display name of a platform id ('tiktok' -> 'TikTok'); unknown ids as they are. */
export function platformLabel(platformId: string): string {
  return LABELS[platformId] ?? platformId;
}

/** The known platforms plus any others seen in the data, as select options. */
export function platformOptions(seen: readonly string[] = []): { value: string; label: string }[] {
  const ids = [...KNOWN_PLATFORMS, ...seen.filter((id) => !KNOWN_PLATFORMS.some((k) => k === id))];
  return ids.map((id) => ({ value: id, label: platformLabel(id) }));
}
