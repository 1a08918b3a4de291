import { apifyKeyEndpoints } from '@scrapper/contracts/http/keys';
import type { ApiKey } from '@scrapper/contracts/http/keys';
import { call } from '@/lib/api-client.ts';
import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';

export function addApifyKey(key: string, label?: string): Promise<ApiKey> {
  return call(apifyKeyEndpoints.add, { body: { key, ...(label ? { label } : {}) } });
}

export function addGeminiKey(key: string, label?: string): Promise<ApiKey> {
  return call(youtubeEndpoints.addGeminiKey, { body: { key, ...(label ? { label } : {}) } });
}

export function listApifyKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return call(apifyKeyEndpoints.list, { signal });
}

export function listGeminiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return call(youtubeEndpoints.listGeminiKeys, { signal });
}

export async function removeApifyKey(id: string): Promise<void> {
  await call(apifyKeyEndpoints.remove, { params: { id } });
}

export async function removeGeminiKey(id: string): Promise<void> {
  await call(youtubeEndpoints.removeGeminiKey, { params: { id } });
}

export function setActiveApifyKey(id: string): Promise<ApiKey> {
  return call(apifyKeyEndpoints.setActive, { params: { id } });
}

export function setActiveGeminiKey(id: string): Promise<ApiKey> {
  return call(youtubeEndpoints.activateGeminiKey, { params: { id } });
}

export function validateApifyKey(id: string): Promise<ApiKey> {
  return call(apifyKeyEndpoints.validate, { params: { id } });
}

export function validateGeminiKey(id: string): Promise<ApiKey> {
  return call(youtubeEndpoints.validateGeminiKey, { params: { id } });
}
