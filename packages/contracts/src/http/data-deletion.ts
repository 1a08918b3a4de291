import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

export const DeletionRequestBodySchema = z.object({
  email: z.email({ message: 'Masukkan alamat email yang valid.' }).max(254),
});

export const DELETION_CONFIRMATION =
  'Permintaan penghapusan data Anda telah kami terima. Kami akan mengirim konfirmasi ke email Anda dalam 24-48 jam, ' +
  'verifikasi identitas diselesaikan dalam 7 hari, dan seluruh proses penghapusan selesai paling lama 30 hari.';

export const DeletionRequestSchema = z.object({
  id: UuidSchema,
  email: z.string(),
  status: z.string(),
  createdAt: IsoDateTimeSchema,
});

export const dataDeletionEndpoints = {
  request: defineEndpoint({
    method: 'POST',
    path: '/api/auth/delete-account',
    access: 'public',
    summary: 'Ask for the deletion of the data tied to an email address.',
    tags: ['data-deletion'],
    body: DeletionRequestBodySchema,
    response: z.object({ success: z.literal(true), message: z.string() }),
    successStatus: 201,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/deletion-requests',
    access: 'admin',
    summary: 'Deletion requests, newest first.',
    tags: ['data-deletion'],
    response: z.array(DeletionRequestSchema),
  }),
};
