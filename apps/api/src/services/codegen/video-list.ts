import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { fileHeader, FORMAT_DURATION_FUNCTION, joinSections, stringLiteral } from './js-source.ts';

// The generated `{platformId}_videoList.js`: renders video items as an HTML table string.
// Every value comes from a third-party actor, so every value is HTML-escaped, and links and
// images are only made from http(s) URLs.

export function videoListCode(config: ActorConfig): string {
  return joinSections([
    fileHeader(config, 'videoList', [
      'Renders video items (from parseItems) as an HTML table: platform, duration, title,',
      'author, plays / likes and thumbnail. Every value is HTML-escaped.',
      '',
      '  element.innerHTML = renderVideoList(items);',
    ]),
    [
      '// ---- Config -------------------------------------------------------------------------',
      '',
      `const PLATFORM = ${stringLiteral(config.platformId)};`,
      `const DISPLAY_NAME = ${stringLiteral(config.displayName)};`,
    ].join('\n'),
    LIST,
  ]);
}

const LIST = String.raw`const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;
const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '\u0060': '&#96;' };
const COLUMNS = ['Platform', 'Durasi', 'Judul', 'Pembuat', 'Tayangan / Suka', 'Thumbnail'];

// ---- Rendering ----------------------------------------------------------------------

/** An HTML table of the items; a row saying there are none when the list is empty. */
export function renderVideoList(items) {
  const list = Array.isArray(items) ? items : [];
  const header = '<tr>' + COLUMNS.map((column) => '<th>' + escapeHtml(column) + '</th>').join('') + '</tr>';
  const rows = list.length === 0 ? ['<tr><td colspan="' + COLUMNS.length + '">Belum ada video.</td></tr>'] : list.map(renderRow);
  return [
    '<table class="video-list">',
    '  <thead>' + header + '</thead>',
    '  <tbody>',
    ...rows.map((row) => '    ' + row),
    '  </tbody>',
    '</table>',
  ].join('\n');
}

function renderRow(entry) {
  const item = typeof entry === 'object' && entry !== null ? entry : {};
  const platform = item.platform === undefined || item.platform === PLATFORM ? DISPLAY_NAME : item.platform;
  const title = textOf(item.title) || '(tanpa judul)';
  const url = httpUrl(item.url);
  const thumbnail = httpUrl(item.thumbnail);
  const cells = [
    escapeHtml(platform),
    escapeHtml(formatDuration(item.duration)),
    url ? '<a href="' + escapeHtml(url) + '" target="_blank" rel="noopener noreferrer">' + escapeHtml(title) + '</a>' : escapeHtml(title),
    escapeHtml(textOf(item.author)),
    escapeHtml(formatCount(item.play_count) + ' / ' + formatCount(item.like_count)),
    thumbnail ? '<img src="' + escapeHtml(thumbnail) + '" alt="" width="96" loading="lazy" referrerpolicy="no-referrer">' : '',
  ];
  return '<tr>' + cells.map((cell) => '<td>' + cell + '</td>').join('') + '</tr>';
}

/** Text safe in element content and in quoted attribute values. */
export function escapeHtml(value) {
  return textOf(value).replace(/[&<>"'\u0060]/g, (char) => HTML_ESCAPES[char]);
}

/** m:ss below an hour, h:mm:ss from an hour; '' when unknown. */
export ${FORMAT_DURATION_FUNCTION}

/** A count with '.' thousands separators (Indonesian style); '-' when unknown. */
export function formatCount(value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

function textOf(value) {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

function httpUrl(value) {
  return typeof value === 'string' && HTTP_URL.test(value.trim()) ? value.trim() : null;
}`;
