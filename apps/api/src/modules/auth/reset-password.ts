import type { ResetPasswordConfirmRequest } from "@costflow/contract/auth";
import { isLanguage } from "@costflow/contract/languages";
import type { AppContext } from "../../context.ts";
import { fieldError } from "../../lib/app-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { decodeUid, encodeUid, randomToken, sha256 } from "../../lib/secrets.ts";
import { queueEmails, recordEmail } from "../mail/send-email.ts";

const PASSWORD_RESET_QUEUE = "auth.password_reset";
interface PasswordResetJob {
  email: string;
}

/**
 * A reset request only queues a job with the address, whether or not it is known: the request
 * does the same work and takes as long for every address (looking the user up and writing the
 * e-mail answered a known address in 13 ms and an unknown one in 5 ms), and the caller always
 * answers 204, so addresses cannot be probed by content or by timing.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  await ctx.queue.send<PasswordResetJob>(
    PASSWORD_RESET_QUEUE,
    { email: email.trim().toLowerCase() },
    { retryLimit: 2, retryDelaySeconds: 2, expireInSeconds: 120 },
  );
}

/** The worker of reset requests (started with the other workers in app.ts). */
export async function startPasswordResetWorker(ctx: AppContext): Promise<void> {
  await ctx.queue.work<PasswordResetJob>(
    PASSWORD_RESET_QUEUE,
    async (job) => sendPasswordReset(ctx, job.data.email),
    { concurrency: 1, pollingIntervalSeconds: 1 },
  );
}

/** Sends a single-use reset link (valid one hour) if the address belongs to an active user. */
async function sendPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await ctx.repos.users.findByEmail(email);
  if (!user?.isActive) return;
  const settings = await ctx.repos.users.getSettings(user.id);
  const token = randomToken();
  const uid = encodeUid(user.id);
  const link = `${ctx.config.appUrl}/pages/authentication/reset-password-v1/${uid}/${token}/`;
  const recorded = await ctx.db.transaction(async (tx) => {
    await ctx.repos.users.voidActionTokens(user.id, "PASSWORD_RESET", tx);
    await ctx.repos.users.createActionToken(
      {
        userId: user.id,
        purpose: "PASSWORD_RESET",
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + ctx.config.resetTokenSeconds * 1000),
      },
      tx,
    );
    return recordEmail(
      ctx,
      {
        to: user.email,
        language: isLanguage(settings.language) ? settings.language : "en",
        template: "reset_password",
        values: { name: user.firstName || user.email, link, hours: ctx.config.resetTokenSeconds / 3600 },
        secrets: [token],
      },
      tx,
    );
  });
  await queueEmails(ctx, [recorded]);
}

/** Sets the new password if the link is live, spends it, and ends every session of the user. */
export async function confirmPasswordReset(
  ctx: AppContext,
  input: ResetPasswordConfirmRequest,
): Promise<void> {
  const userId = decodeUid(input.uid);
  if (userId === undefined) throw fieldError("VALIDATION_ERROR", "token", "invalid_token");
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    const token = await ctx.repos.users.consumeActionToken(userId, "PASSWORD_RESET", sha256(input.token), tx);
    if (!token) throw fieldError("VALIDATION_ERROR", "token", "invalid_token");
    await ctx.repos.users.setPasswordHash(userId, passwordHash, tx);
    await ctx.repos.users.revokeAllRefreshTokens(userId, tx);
  });
}
