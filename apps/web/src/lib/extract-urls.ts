// The drag-and-drop URL widget (spec part 2, downloader) keeps only the http(s) links of
// whatever is pasted or dropped: a chat message, a list exported from a spreadsheet, a .txt.

const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence or closes a bracket around a link is not part of it.
const TRAILING = /[)\]}>.,;:!?'"]+$/;

/** The http(s) links in `text`, in order of appearance, each once. */
export function extractUrls(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = trimTrailing(match[0]);
    if (isUsableUrl(url) && !found.includes(url)) found.push(url);
  }
  return found;
}

function trimTrailing(url: string): string {
  let result = url.replace(TRAILING, '');
  // Keep a closing parenthesis that belongs to the URL (Wikipedia-style `..._(film)`).
  if (url.length > result.length && url.charAt(result.length) === ')' && result.includes('(')) {
    const opened = result.split('(').length - 1;
    const closed = result.split(')').length - 1;
    if (opened > closed) result += ')';
  }
  return result;
}

function isUsableUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Whether a dropped or chosen file is a plain-text list the widget can read. */
export function isTextFile(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type === 'text/plain' || /\.txt$/i.test(file.name);
}
