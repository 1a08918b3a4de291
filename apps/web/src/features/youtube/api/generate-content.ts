import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { GeneratedContent } from '@scrapper/contracts/http/youtube-uploads';
import { call } from '@/lib/api-client.ts';

/** Title, description and tags written by Gemini from the current title. */
export function generateContent(originalTitle: string): Promise<GeneratedContent> {
  return call(youtubeEndpoints.generateContent, { body: { originalTitle } });
}
