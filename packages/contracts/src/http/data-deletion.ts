import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, MAX_PAGE_SIZE, PageQuerySchema, PaginationSchema, UuidSchema } from '../common.ts';
import { defineEndpoint } from './endpoint.ts';

export const DeletionRequestBodySchema = z.object({
  email: z.email({ message: 'Masukkan alamat email yang valid.' }).max(254),
});

/** The short code a request is known by (in its mails, on the page, in the admin's tab). */
export function deletionRequestCode(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/** What the page says before sending, by whether this server sends mail (SMTP_URL set). */
export const DELETION_NOTICE_MAIL =
  'Setelah permintaan terkirim, konfirmasi dikirim otomatis ke alamat email tersebut, dan setiap perubahan status ' +
  '(diproses, selesai) juga dikabarkan lewat email.';
export const DELETION_NOTICE_NO_MAIL =
  'Server ini tidak mengirim email otomatis. Admin akan menangani permintaan Anda dan menghubungi Anda sendiri ' +
  'di alamat email yang Anda berikan untuk verifikasi dan kabar penyelesaiannya.';

/** The answer to a request, with its code; the promise of mail only when mail goes out. */
export function deletionConfirmation(code: string, mailEnabled: boolean): string {
  const received = `Permintaan penghapusan data Anda telah kami terima (kode ${code}).`;
  const rest = 'Verifikasi identitas diselesaikan dalam 7 hari, dan seluruh proses penghapusan selesai paling lama 30 hari.';
  return mailEnabled
    ? `${received} Konfirmasi dikirim ke email Anda dalam beberapa menit, begitu pula setiap perubahan status. ${rest}`
    : `${received} Admin akan menangani permintaan Anda dan menghubungi Anda di alamat email tersebut dalam 24-48 jam; simpan kode ini bila Anda ingin menanyakan statusnya. ${rest}`;
}

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
  /** The short code the requester was given (deletionRequestCode). */
  code: z.string(),
  email: z.string(),
  status: DeletionRequestStatusSchema,
  createdAt: IsoDateTimeSchema,
  /** When the status last changed; null while it is still new. */
  updatedAt: IsoDateTimeSchema.nullable(),
  /** The admin who last changed the status (null: nobody yet, or that account is gone). */
  handledBy: z.object({ id: UuidSchema, username: z.string() }).nullable(),
  /** The member account whose profile email is this address (null: none has it). */
  member: z.object({ id: UuidSchema, username: z.string() }).nullable(),
});
export type DeletionRequest = z.infer<typeof DeletionRequestSchema>;

/** One page of requests, newest first, and how many there are in all. */
export const ListDeletionRequestsResponseSchema = z.object({
  requests: z.array(DeletionRequestSchema).max(MAX_PAGE_SIZE),
  pagination: PaginationSchema,
});
export type ListDeletionRequestsResponse = z.infer<typeof ListDeletionRequestsResponseSchema>;

export const UpdateDeletionRequestBodySchema = z.object({ status: DeletionRequestStatusSchema });

export const DeletionInfoResponseSchema = z.object({
  /** Whether this server mails the confirmation and the status changes (SMTP_URL set). */
  mailEnabled: z.boolean(),
  /** The sentence the page shows about how the requester is told. */
  notice: z.string(),
});
export type DeletionInfoResponse = z.infer<typeof DeletionInfoResponseSchema>;

/** The member the admin saw linked to the request: removed only if it is still that one. */
export const RemoveDeletionMemberBodySchema = z.object({ userId: UuidSchema });

export const dataDeletionEndpoints = {
  request: defineEndpoint({
    method: 'POST',
    path: '/api/auth/delete-account',
    access: 'public',
    summary: 'Ask for the deletion of the data tied to an email address; every admin is notified.',
    tags: ['data-deletion'],
    body: DeletionRequestBodySchema,
    response: z.object({ success: z.literal(true), message: z.string(), code: z.string() }),
    successStatus: 201,
    errors: [429],
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/api/auth/delete-account',
    access: 'public',
    summary: 'Whether this server mails deletion-request confirmations, and the sentence the page shows about it.',
    tags: ['data-deletion'],
    response: DeletionInfoResponseSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/deletion-requests',
    access: 'admin',
    summary: 'Deletion requests, newest first, a page at a time (offset, limit).',
    tags: ['data-deletion'],
    query: PageQuerySchema,
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
  removeMember: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deletion-requests/:id/remove-member',
    access: 'admin',
    summary:
      "Delete the member account linked to the request (and with it that member's data), and mark the request selesai; one confirmed step. Browser sessions only. 409 when the link changed, the account is the caller's own or the last admin.",
    tags: ['data-deletion'],
    params: IdParamsSchema,
    body: RemoveDeletionMemberBodySchema,
    response: DeletionRequestSchema,
    errors: [409],
  }),
};
