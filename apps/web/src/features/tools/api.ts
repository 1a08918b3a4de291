import { toolEndpoints } from '@scrapper/contracts/http/tools';
import type { ToolsResponse, ToolWarning } from '@scrapper/contracts/http/tools';
import { call } from '@/lib/api-client.ts';

/** Only the tool warnings (the header badge polls this). */
export async function listToolWarnings(signal?: AbortSignal): Promise<ToolWarning[]> {
  return (await call(toolEndpoints.warnings, { signal })).warnings;
}

/** Every worker of the last hour with what it runs (yt-dlp, ffmpeg, ffprobe), and the warnings. */
export function listTools(signal?: AbortSignal): Promise<ToolsResponse> {
  return call(toolEndpoints.list, { signal });
}
