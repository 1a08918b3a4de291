import { toHttpUrl } from './http-url.ts';
import { toText } from './to-text.ts';

// urlGeneration builds a video URL from parts of the item when the actor gives none, e.g.
// `https://www.tiktok.com/@{author}/video/{id}`.

const PLACEHOLDER = /\{([^{}]*)\}/g;

/**
 * Fills each `{name}` in `template` with `valueFor(name)` (name trimmed), URL-encoded as a
 * path segment. Returns null when the template is empty, when any placeholder has no usable
 * value (a URL with a hole in it would point at the wrong page), or when the result is not
 * an absolute http(s) URL.
 */
export function fillUrlTemplate(template: string, valueFor: (name: string) => unknown): string | null {
  if (typeof template !== 'string' || template.trim() === '') return null;
  let complete = true;
  const filled = template.trim().replace(PLACEHOLDER, (_placeholder, rawName: string) => {
    const text = toText(valueFor(rawName.trim()));
    if (text === '') {
      complete = false;
      return '';
    }
    return encodeURIComponent(text);
  });
  return complete ? toHttpUrl(filled) : null;
}
