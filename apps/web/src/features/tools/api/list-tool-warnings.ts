import { toolEndpoints, type ToolWarning } from '@scrapper/contracts/http/tools';
import { call } from '@/lib/api-client.ts';

/** Only the tool warnings (the header badge polls this). */
export async function listToolWarnings(signal?: AbortSignal): Promise<ToolWarning[]> {
  return (await call(toolEndpoints.warnings, { signal })).warnings;
}
