import type { ResetPasswordConfirmRequest } from "@costflow/contract/auth";
import { isLanguage } from "@costflow/contract/languages";
import type { AppContext } from "../../context.ts";
import { fieldError } from "../../lib/app-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { decodeUid, encodeUid, randomToken, sha256 } from "../../lib/secrets.ts";
import { queueEmails, recordEmail } from "../mail/send-email.ts";

/**
 * Sends a single-use reset link (valid one hour) if the address belongs to an active user.
 * Says nothing either way: the caller always answers 204, so addresses cannot be probed.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
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
