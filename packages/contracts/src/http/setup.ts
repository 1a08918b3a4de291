import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** The admin's first-run checklist (issue 20), in the order it is shown. */
export const SETUP_ITEM_IDS = ['apify-key', 'youtube-client-secret', 'gemini-key', 'cookies'] as const;
export const SetupItemIdSchema = z.enum(SETUP_ITEM_IDS);
export type SetupItemId = z.infer<typeof SetupItemIdSchema>;

export const SetupItemSchema = z.object({
  id: SetupItemIdSchema,
  /**
   * apify-key and gemini-key: the active key of the type is valid; youtube-client-secret: an
   * active client secret exists; cookies: some platform has cookies.
   */
  done: z.boolean(),
  /** Cookies help some platforms but nothing waits for them. */
  optional: z.boolean(),
});
export type SetupItem = z.infer<typeof SetupItemSchema>;

export const SetupStatusSchema = z.object({
  items: z.array(SetupItemSchema),
  /** Every item that is not optional is done: the checklist is no longer shown. */
  complete: z.boolean(),
});
export type SetupStatus = z.infer<typeof SetupStatusSchema>;

export const setupEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/admin/setup-status',
    access: 'admin',
    summary: "The first-run checklist: which of Apify key, YouTube client secret, Gemini key and cookies are set up.",
    tags: ['setup'],
    response: SetupStatusSchema,
  }),
};
