import type { Language } from "@costflow/contract/languages";
import { type MessageKey, serverMessage } from "@costflow/contract/server-messages";
import type { Executor } from "@costflow/db/client";
import type { AppContext } from "../../context.ts";

export const EMAIL_QUEUE = "email.deliver";
type EmailTemplate = "reset_password" | "validate_company" | "invitation";
export interface DeliverEmailJob {
  outboxId: number;
  /** The full text (the outbox copy has its secrets masked when it goes out by SMTP). */
  text: string;
}

const MASK = "********";

/** An e-mail recorded in the outbox, waiting to be queued once its transaction commits. */
interface RecordedEmail {
  outboxId: number;
  text: string;
}

/**
 * Renders an e-mail in the recipient's language and records it in the outbox (inside the
 * caller's transaction, so it exists exactly when the change it announces does). Without SMTP
 * the outbox row is the delivery (administrators read it there) and keeps the whole text; with
 * SMTP the recorded copy masks `secrets` (the tokens in links).
 */
export async function recordEmail(
  ctx: AppContext,
  email: {
    to: string;
    language: Language;
    template: EmailTemplate;
    values: Record<string, string | number>;
    secrets?: string[];
    companyId?: number | null;
  },
  tx: Executor = ctx.db,
): Promise<RecordedEmail> {
  const subject = serverMessage(
    email.language,
    `emails.${email.template}.subject` as MessageKey,
    email.values,
  );
  const text = serverMessage(email.language, `emails.${email.template}.text` as MessageKey, email.values);
  const transport = ctx.config.smtpUrl ? "smtp" : "outbox";
  const recorded =
    transport === "smtp"
      ? (email.secrets ?? []).reduce((t, secret) => t.replaceAll(secret, MASK), text)
      : text;
  const row = await ctx.repos.outbox.insert(
    { toEmail: email.to, subject, text: recorded, transport, companyId: email.companyId ?? null },
    tx,
  );
  return { outboxId: row.id, text };
}

/**
 * Queues the delivery of recorded e-mails (call after their transaction committed). The change
 * they announce is already saved, so a queue failure is logged, not turned into an error
 * response; the outbox row stays QUEUED, visible to administrators.
 */
export async function queueEmails(ctx: AppContext, emails: RecordedEmail[]): Promise<void> {
  for (const email of emails) {
    try {
      await ctx.queue.send<DeliverEmailJob>(EMAIL_QUEUE, email, {
        retryLimit: ctx.config.emailRetryLimit,
        retryDelaySeconds: 2,
        retryBackoff: true,
        expireInSeconds: 120,
      });
    } catch (error) {
      ctx.log.error({ err: error, outboxId: email.outboxId }, "could not queue an e-mail");
    }
  }
}
