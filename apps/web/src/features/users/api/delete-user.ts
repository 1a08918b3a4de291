import { userEndpoints } from '@scrapper/contracts/http/users';
import { call } from '@/lib/api-client.ts';

export async function deleteUser(id: string): Promise<void> {
  await call(userEndpoints.remove, { params: { id } });
}
