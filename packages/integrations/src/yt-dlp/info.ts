// What yt-dlp says about a video: its --print info line after a download, its -J answer on a
// probe, read into our own small shapes.

/** What yt-dlp said about the downloaded video. */
export interface YtDlpInfo {
  id: string;
  title: string | undefined;
  ext: string;
  durationSecs: number | undefined;
  width: number | undefined;
  height: number | undefined;
  /** e.g. `1200+aud-English` for a merge. */
  formatId: string | undefined;
  vcodec: string | undefined;
  acodec: string | undefined;
  uploader: string | undefined;
  extractor: string | undefined;
  webpageUrl: string | undefined;
}

export interface ProbeFormat {
  formatId: string;
  ext: string | undefined;
  width: number | undefined;
  height: number | undefined;
  vcodec: string | undefined;
  acodec: string | undefined;
  /** Exact or approximate bytes, when known. */
  filesize: number | undefined;
  /** kbit/s */
  tbr: number | undefined;
  protocol: string | undefined;
}

export interface ProbeResult {
  id: string;
  title: string | undefined;
  durationSecs: number | undefined;
  uploader: string | undefined;
  extractor: string | undefined;
  webpageUrl: string | undefined;
  formats: ProbeFormat[];
}

export const INFO_TEMPLATE =
  '%(.{id,title,ext,filepath,duration,width,height,format_id,vcodec,acodec,uploader,extractor_key,webpage_url})j';

export function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function numberField(record: Record<string, unknown>, key: string): number | undefined {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function toInfo(record: Record<string, unknown>, ext: string): YtDlpInfo {
  return {
    id: stringField(record, 'id') ?? '',
    title: stringField(record, 'title'),
    ext,
    durationSecs: numberField(record, 'duration'),
    width: numberField(record, 'width'),
    height: numberField(record, 'height'),
    formatId: stringField(record, 'format_id'),
    vcodec: stringField(record, 'vcodec'),
    acodec: stringField(record, 'acodec'),
    uploader: stringField(record, 'uploader'),
    extractor: stringField(record, 'extractor_key') ?? stringField(record, 'extractor'),
    webpageUrl: stringField(record, 'webpage_url'),
  };
}

export function toProbeResult(record: Record<string, unknown>): ProbeResult {
  const formats = Array.isArray(record['formats']) ? record['formats'] : [];
  return {
    id: stringField(record, 'id') ?? '',
    title: stringField(record, 'title'),
    durationSecs: numberField(record, 'duration'),
    uploader: stringField(record, 'uploader'),
    extractor: stringField(record, 'extractor_key') ?? stringField(record, 'extractor'),
    webpageUrl: stringField(record, 'webpage_url'),
    // Only what choosing needs: the raw formats carry request headers, with cookies in them.
    formats: formats.map((entry) => {
      const format = asRecord(entry);
      return {
        formatId: stringField(format, 'format_id') ?? '',
        ext: stringField(format, 'ext'),
        width: numberField(format, 'width'),
        height: numberField(format, 'height'),
        vcodec: stringField(format, 'vcodec'),
        acodec: stringField(format, 'acodec'),
        filesize: numberField(format, 'filesize') ?? numberField(format, 'filesize_approx'),
        tbr: numberField(format, 'tbr'),
        protocol: stringField(format, 'protocol'),
      };
    }),
  };
}
