import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, MAX_PAGE_SIZE, pageQueryShape, PaginationSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

export const DeletionRequestBodySchema = z.object({
  email: z.email({ message: 'Masukkan alamat email yang valid.' }).max(254),
});

export const DELETION_CONFIRMATION =
  'Permintaan penghapusan data Anda telah kami terima. Kami akan mengirim konfirmasi ke email Anda dalam 24-48 jam, ' +
  'verifikasi identitas diselesaikan dalam 7 hari, dan seluruh proses penghapusan selesai paling lama 30 hari.';

/** received = baru, in_progress = diproses, done = selesai. */
export const DELETION_REQUEST_STATUSES = ['received', 'in_progress', 'done'] as const;
export const DeletionRequestStatusSchema = z.enum(DELETION_REQUEST_STATUSES, {
  message: 'Status harus received (baru), in_progress (diproses) atau done (selesai).',
});
export type DeletionRequestStatus = z.infer<typeof DeletionRequestStatusSchema>;

export const DELETION_STATUS_LABELS: Record<DeletionRequestStatus, string> = {
  received: 'Baru',
  in_progress: 'Diproses',
  done: 'Selesai',
};

export const DeletionRequestSchema = z.object({
  id: UuidSchema,
  email: z.string(),
  status: DeletionRequestStatusSchema,
  createdAt: IsoDateTimeSchema,
  /** When the status last changed; null while it is still new. */
  updatedAt: IsoDateTimeSchema.nullable(),
  /** The admin who last changed the status (null: nobody yet, or that account is gone). */
  handledBy: z.object({ id: UuidSchema, username: z.string() }).nullable(),
});
export type DeletionRequest = z.infer<typeof DeletionRequestSchema>;

export const ListDeletionRequestsQuerySchema = z.object(pageQueryShape());
export type ListDeletionRequestsQuery = z.infer<typeof ListDeletionRequestsQuerySchema>;

/** One page of requests, newest first, and how many there are in all. */
export const ListDeletionRequestsResponseSchema = z.object({
  requests: z.array(DeletionRequestSchema).max(MAX_PAGE_SIZE),
  pagination: PaginationSchema,
});
export type ListDeletionRequestsResponse = z.infer<typeof ListDeletionRequestsResponseSchema>;

export const UpdateDeletionRequestBodySchema = z.object({ status: DeletionRequestStatusSchema });

export const dataDeletionEndpoints = {
  request: defineEndpoint({
    method: 'POST',
    path: '/api/auth/delete-account',
    access: 'public',
    summary: 'Ask for the deletion of the data tied to an email address; every admin is notified.',
    tags: ['data-deletion'],
    body: DeletionRequestBodySchema,
    response: z.object({ success: z.literal(true), message: z.string() }),
    successStatus: 201,
    errors: [429],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/deletion-requests',
    access: 'admin',
    summary: 'Deletion requests, newest first, a page at a time (offset, limit).',
    tags: ['data-deletion'],
    query: ListDeletionRequestsQuerySchema,
    response: ListDeletionRequestsResponseSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/deletion-requests/:id',
    access: 'admin',
    summary: 'Set a deletion request to baru (received), diproses (in_progress) or selesai (done); records who.',
    tags: ['data-deletion'],
    params: IdParamsSchema,
    body: UpdateDeletionRequestBodySchema,
    response: DeletionRequestSchema,
  }),
};
