import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { fileHeader, FORMAT_DURATION_FUNCTION, joinSections, jsLiteral, stringLiteral } from './js-source.ts';
import { qualityChoices } from './quality-choices.ts';

// The generated `{platformId}_downloaderPage.js`: a React component in plain JavaScript
// (React.createElement, no JSX, so it runs without a build step) that lists video items
// with checkboxes, a quality select and a download button. React escapes every text it
// renders; links and images are only given http(s) URLs.

export function downloaderPageCode(config: ActorConfig): string {
  return joinSections([
    fileHeader(config, 'downloaderPage', [
      'A React downloader page: lists video items, lets the user pick some and a quality,',
      'and calls onDownload(selectedItems, format) when the download button is pressed.',
      '',
      '  <DownloaderPage items={parseItems(rawItems)} onDownload={startDownloads} />',
    ]),
    "import React, { useState } from 'react';",
    [
      '// ---- Config -------------------------------------------------------------------------',
      '',
      `const DISPLAY_NAME = ${stringLiteral(config.displayName)};`,
      '// downloadOptions, then previewSpecific.format; the first is preselected.',
      `const QUALITY_CHOICES = ${jsLiteral(qualityChoices(config))};`,
    ].join('\n'),
    PAGE,
  ]);
}

const PAGE = String.raw`const h = React.createElement;
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;

// ---- Component ----------------------------------------------------------------------

/**
 * Props: items (video items from parseItems), onDownload(selectedItems, format),
 * busy (true while downloads run: the button is disabled).
 */
export default function DownloaderPage({ items = [], onDownload, busy = false }) {
  const [selectedIds, setSelectedIds] = useState(() => new Set());
  const [format, setFormat] = useState(QUALITY_CHOICES[0].value);

  const selected = items.filter((item) => selectedIds.has(item.id));
  const allSelected = items.length > 0 && selected.length === items.length;

  function toggle(id) {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function toggleAll() {
    setSelectedIds(allSelected ? new Set() : new Set(items.map((item) => item.id)));
  }

  return h(
    'section',
    { className: 'downloader-page' },
    h('h2', null, 'Downloader ' + DISPLAY_NAME),
    h(
      'div',
      { className: 'downloader-toolbar' },
      h(
        'label',
        null,
        h('input', { type: 'checkbox', checked: allSelected, disabled: items.length === 0, onChange: toggleAll }),
        ' Pilih semua',
      ),
      h(
        'label',
        null,
        'Kualitas ',
        h(
          'select',
          { value: format, onChange: (event) => setFormat(event.target.value) },
          QUALITY_CHOICES.map((choice) => h('option', { key: choice.value, value: choice.value }, choice.label)),
        ),
      ),
      h(
        'button',
        { type: 'button', disabled: busy || selected.length === 0, onClick: () => onDownload?.(selected, format) },
        busy ? 'Mengunduh...' : 'Unduh (' + selected.length + ')',
      ),
    ),
    items.length === 0
      ? h('p', null, 'Belum ada video.')
      : h(
          'ul',
          { className: 'downloader-items' },
          items.map((item) => h(VideoRow, { key: item.id, item, checked: selectedIds.has(item.id), onToggle: toggle })),
        ),
  );
}

function VideoRow({ item, checked, onToggle }) {
  const details = [item.author, formatDuration(item.duration)].filter((part) => part).join(' · ');
  return h(
    'li',
    null,
    h(
      'label',
      null,
      h('input', { type: 'checkbox', checked, onChange: () => onToggle(item.id) }),
      isHttpUrl(item.thumbnail)
        ? h('img', { src: item.thumbnail, alt: '', width: 96, loading: 'lazy', referrerPolicy: 'no-referrer' })
        : null,
      h('span', null, item.title || '(tanpa judul)'),
      details ? h('small', null, ' ' + details) : null,
    ),
    isHttpUrl(item.url) ? h('a', { href: item.url, target: '_blank', rel: 'noopener noreferrer' }, 'Buka') : null,
  );
}

function isHttpUrl(value) {
  return typeof value === 'string' && HTTP_URL.test(value);
}

/** m:ss below an hour, h:mm:ss from an hour; '' when unknown. */
${FORMAT_DURATION_FUNCTION}`;
