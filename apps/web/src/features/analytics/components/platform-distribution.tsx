import type { Analytics } from '@scrapper/contracts/http/analytics';
import { formatCount, formatPercent } from '../utils/format.ts';
import { platformShares } from '../utils/platform-shares.ts';

/**
 * Downloads per platform: the numbers are text (name, count, share), each with a bar of its
 * share of all downloads drawn beside it for the eye only.
 */
export function PlatformDistribution({ rows }: { rows: Analytics['downloadsByPlatform'] }) {
  const shares = platformShares(rows);
  if (shares.length === 0) return <p className="muted">Belum ada unduhan.</p>;
  return (
    <ul className="platform-shares" aria-label="Unduhan per platform">
      {shares.map((share) => (
        <li key={share.platform} className="platform-share">
          <div className="platform-share__text">
            <span className="platform-share__name">{share.label}</span>
            <span className="platform-share__value">
              {formatCount(share.count)} unduhan · {formatPercent(share.percent)}
            </span>
          </div>
          <svg
            className="platform-share__bar"
            width="100%"
            height="10"
            aria-hidden="true"
            focusable="false"
          >
            <rect className="platform-share__track" width="100%" height="10" rx="5" />
            {/* A sliver for a tiny share, so every listed platform shows a bar. */}
            <rect
              className="platform-share__fill"
              width={`${Math.max(share.percent, 1.5)}%`}
              height="10"
              rx="5"
            />
          </svg>
        </li>
      ))}
    </ul>
  );
}
