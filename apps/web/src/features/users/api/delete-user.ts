import { endpoints } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

export async function deleteUser(id: string): Promise<void> {
  await call(endpoints.users.remove, { params: { id } });
}
