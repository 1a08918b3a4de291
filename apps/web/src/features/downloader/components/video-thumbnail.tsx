import { useState } from 'react';

export interface VideoThumbnailProps {
  src: string;
}

/**
 * The item's cover, loaded lazily into a fixed box so rows keep their height whether it
 * loads, fails or is missing. Decorative (alt=''): the title beside it names the row. No
 * referrer, since video CDNs refuse covers requested from other sites.
 */
export function VideoThumbnail({ src }: VideoThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = /^(https?:|data:image\/)/i.test(src) && failedSrc !== src;
  return (
    <span className="video-thumb">
      {usable ? (
        <img
          className="video-thumb__img"
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <span className="video-thumb__empty" aria-hidden="true" />
      )}
    </span>
  );
}
