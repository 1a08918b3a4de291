import { z } from 'zod';

export const RoleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

/** Who may call an endpoint. Every registered route declares one. */
export const AccessSchema = z.enum(['public', 'user', 'admin']);
export type Access = z.infer<typeof AccessSchema>;

/** The body of every error response: `message` is readable and safe to show to the user. */
export const ErrorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** An outside service's own words, shown folded under "Detail" beneath the message. */
  detail: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const UuidSchema = z.uuid({ message: 'ID tidak valid.' });

export const IdParamsSchema = z.object({ id: UuidSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
