// The server names downloads after the video title in Content-Disposition (both the ASCII
// `filename="..."` and the RFC 5987 `filename*=UTF-8''...` form for other characters). A file
// saved through a blob URL gets its name from the <a download> attribute, so the browser
// needs the name read out of the header.

const EXTENDED = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i;
const QUOTED = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i;
const BARE = /filename\s*=\s*([^;"\s]+)/i;

/** The file name of a Content-Disposition header, or null when it names none. */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = EXTENDED.exec(header);
  if (extended?.[2]) {
    try {
      const name = decodeURIComponent(extended[2].trim());
      if (name) return safeFileName(name);
    } catch {
      // Malformed percent-encoding: fall back to the plain form below.
    }
  }
  const quoted = QUOTED.exec(header);
  if (quoted?.[1]) return safeFileName(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = BARE.exec(header);
  if (bare?.[1]) return safeFileName(bare[1]);
  return null;
}

/** No folders and no control characters in a name the browser saves under. */
export function safeFileName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f/\\]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || 'video';
}
