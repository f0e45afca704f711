import nodemailer from "nodemailer";
import type { AppContext } from "../../context.ts";
import { type DeliverEmailJob, EMAIL_QUEUE } from "./send-email.ts";

/** Writes an e-mail to the server's standard output, framed so it stands out from log lines. */
function printEmail(email: { to: string; subject: string; text: string }): void {
  const rule = "-".repeat(72);
  process.stdout.write(
    `${rule}\nE-mail (SMTP_URL is not set: kept in the outbox and shown here)\nTo: ${email.to}\nSubject: ${email.subject}\n\n${email.text}\n${rule}\n`,
  );
}

/**
 * The worker of the e-mail queue. Outbox e-mails are delivered by being recorded, so their job
 * only marks them SENT; SMTP e-mails go out through nodemailer, and a failed attempt is retried
 * with backoff until the queue's retry limit, after which the row says FAILED with the reason.
 */
export async function startEmailWorker(ctx: AppContext): Promise<void> {
  const smtp = ctx.config.smtpUrl ? nodemailer.createTransport(ctx.config.smtpUrl) : null;
  await ctx.queue.work<DeliverEmailJob>(
    EMAIL_QUEUE,
    async (job) => {
      const email = await ctx.repos.outbox.findForDelivery(job.data.outboxId);
      if (!email || email.status === "SENT") return;
      if (email.transport === "outbox") {
        // Without SMTP, nobody but an administrator of the company could read the outbox, and
        // the first user of a fresh install has none: the whole e-mail, links included, goes to
        // the server's console too, so sign-up, invitations and resets can be completed (README).
        printEmail({ to: email.toEmail, subject: email.subject, text: job.data.text });
        await ctx.repos.outbox.recordAttempt(email.id, { status: "SENT" });
        return;
      }
      if (!smtp) {
        await ctx.repos.outbox.recordAttempt(email.id, { status: "FAILED", error: "SMTP_URL is not set" });
        return;
      }
      try {
        await smtp.sendMail({
          from: ctx.config.mailFrom,
          to: email.toEmail,
          subject: email.subject,
          text: job.data.text,
        });
        await ctx.repos.outbox.recordAttempt(email.id, { status: "SENT" });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await ctx.repos.outbox.recordAttempt(email.id, {
          status: job.isLastAttempt ? "FAILED" : "QUEUED",
          error: reason.slice(0, 500),
        });
        ctx.log.warn({ outboxId: email.id, attempt: job.retryCount + 1, reason }, "e-mail delivery failed");
        throw error;
      }
    },
    { concurrency: 2, pollingIntervalSeconds: 1 },
  );
}
