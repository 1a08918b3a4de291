import { toolEndpoints, type ToolsResponse } from '@scrapper/contracts/http/tools';
import { call } from '@/lib/api-client.ts';

/** Every worker of the last hour with what it runs (yt-dlp, ffmpeg, ffprobe), and the warnings. */
export function listTools(signal?: AbortSignal): Promise<ToolsResponse> {
  return call(toolEndpoints.list, { signal });
}
