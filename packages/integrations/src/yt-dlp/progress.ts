/** Marks our progress lines among yt-dlp's other output. */
export const PROGRESS_PREFIX = 'scrapper-progress';

const PROGRESS_FIELDS = [
  'status',
  'downloaded_bytes',
  'total_bytes',
  'total_bytes_estimate',
  'speed',
  'eta',
  'elapsed',
  'fragment_index',
  'fragment_count',
].join(',');

/**
 * For `--progress-template`: one line per update, `prefix TAB {json of the progress fields} TAB
 * "format id"`. JSON instead of yt-dlp's human line (`45.3% of ~1.2MiB at ...`) because those
 * strings are rounded, localised units and change between versions; tabs because JSON never
 * holds a raw tab. The format id tells the parts of a merged download (video, then audio) apart.
 */
export const PROGRESS_TEMPLATE = `download:${PROGRESS_PREFIX}\t%(progress.{${PROGRESS_FIELDS}})j\t%(info.format_id)j`;

export interface YtDlpProgress {
  status: 'downloading' | 'finished' | 'error';
  downloadedBytes: number;
  /** Exact size when the server said it, else yt-dlp's estimate (HLS), else undefined. */
  totalBytes: number | undefined;
  totalIsEstimate: boolean;
  /** 0-100 for this part (format); undefined when nothing tells the size. */
  percent: number | undefined;
  speedBytesPerSec: number | undefined;
  etaSecs: number | undefined;
  /** HLS/DASH: fragments done and in all. */
  fragmentIndex: number | undefined;
  fragmentCount: number | undefined;
  /** The format being downloaded, e.g. `720p` or `aud-English`; one id per part of a merge. */
  formatId: string | undefined;
}

function numberField(record: Record<string, unknown>, key: string): number | undefined {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function percentOf(
  status: YtDlpProgress['status'],
  downloaded: number,
  total: number | undefined,
  fragmentIndex: number | undefined,
  fragmentCount: number | undefined,
): number | undefined {
  if (status === 'finished') return 100;
  if (total !== undefined && total > 0) return Math.min(100, (downloaded / total) * 100);
  if (fragmentIndex !== undefined && fragmentCount !== undefined && fragmentCount > 0) {
    return Math.min(100, (fragmentIndex / fragmentCount) * 100);
  }
  return undefined;
}

/** Parses one line printed through PROGRESS_TEMPLATE; undefined for any other line. */
export function parseProgressLine(line: string): YtDlpProgress | undefined {
  const [prefix, progressJson, formatJson] = line.trimEnd().split('\t');
  if (prefix !== PROGRESS_PREFIX || progressJson === undefined) return undefined;
  let record: unknown;
  try {
    record = JSON.parse(progressJson);
  } catch {
    return undefined;
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
  const fields = record as Record<string, unknown>;
  const status = fields['status'];
  if (status !== 'downloading' && status !== 'finished' && status !== 'error') return undefined;

  let formatId: string | undefined;
  try {
    const parsed: unknown = formatJson === undefined ? undefined : JSON.parse(formatJson);
    formatId = typeof parsed === 'string' ? parsed : undefined;
  } catch {
    formatId = undefined; // yt-dlp prints a bare NA when the field is missing
  }

  const downloadedBytes = numberField(fields, 'downloaded_bytes') ?? 0;
  const exact = numberField(fields, 'total_bytes');
  const estimate = numberField(fields, 'total_bytes_estimate');
  const totalBytes = exact ?? (estimate === undefined ? undefined : Math.round(estimate));
  const fragmentIndex = numberField(fields, 'fragment_index');
  const fragmentCount = numberField(fields, 'fragment_count');
  return {
    status,
    downloadedBytes,
    totalBytes,
    totalIsEstimate: exact === undefined && estimate !== undefined,
    percent: percentOf(status, downloadedBytes, totalBytes, fragmentIndex, fragmentCount),
    speedBytesPerSec: numberField(fields, 'speed'),
    etaSecs: numberField(fields, 'eta'),
    fragmentIndex,
    fragmentCount,
    formatId,
  };
}
