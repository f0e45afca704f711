import { z } from "zod";
import { textSchema } from "./common.ts";
import { listQuery, page } from "./pagination.ts";

const EMAIL_TRANSPORTS = ["outbox", "smtp"] as const;
const EMAIL_STATUSES = ["QUEUED", "SENT", "FAILED"] as const;

/**
 * An e-mail the application sent. Without SMTP settings the outbox is the only delivery
 * (transport "outbox"); with SMTP every message is still recorded here, with its secret links
 * (password reset, validation) masked.
 */
export const OutboxEmail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  transport: z.enum(EMAIL_TRANSPORTS),
  status: z.enum(EMAIL_STATUSES),
});
export type OutboxEmail = z.infer<typeof OutboxEmail>;

/** GET admin/outbox/: newest first. `to` filters by recipient. */
export const OutboxListQuery = listQuery(["created_at", "to"]).extend({
  to: textSchema.trim().toLowerCase().max(254).optional(),
});
export const OutboxPage = page(OutboxEmail);
export type OutboxPage = z.infer<typeof OutboxPage>;
