// The platform distribution: each platform's downloads and its share of all of them.
import { platformLabel } from '@scrapper/contracts/rules/platforms';

export interface PlatformShare {
  platform: string;
  label: string;
  count: number;
  /** Percent of all downloads, one decimal. */
  percent: number;
}

/** Largest first (ties by name), empty platforms left out. */
export function platformShares(
  rows: readonly { platform: string; count: number }[],
): PlatformShare[] {
  const counted = rows.filter((row) => row.count > 0);
  const total = counted.reduce((sum, row) => sum + row.count, 0);
  return counted
    .map((row) => ({
      platform: row.platform,
      label: platformLabel(row.platform),
      count: row.count,
      percent: Math.round((row.count / total) * 1000) / 10,
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'id-ID'));
}
