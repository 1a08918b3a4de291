import { endpoints } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

/** Disconnects a channel; the server deletes its upload records too. */
export async function disconnectAccount(id: string): Promise<void> {
  await call(endpoints.youtube.deleteAccount, { params: { id } });
}
