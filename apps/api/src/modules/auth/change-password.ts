import type { SetPasswordRequest, TokenPair } from "@costflow/contract/auth";
import type { AppContext } from "../../context.ts";
import { fieldError } from "../../lib/app-error.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { issueTokenPair } from "./issue-token-pair.ts";

/** set_password: every other session ends; the caller continues with a fresh pair. */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  input: SetPasswordRequest,
): Promise<TokenPair> {
  const user = await ctx.repos.users.findById(userId);
  if (!user || !(await verifyPassword(user.passwordHash, input.current_password))) {
    throw fieldError("VALIDATION_ERROR", "current_password", "wrong_password");
  }
  const passwordHash = await hashPassword(input.new_password);
  const pair = await ctx.db.transaction(async (tx) => {
    await ctx.repos.users.setPasswordHash(userId, passwordHash, tx);
    await ctx.repos.users.revokeAllRefreshTokens(userId, tx);
    return issueTokenPair(ctx, userId, undefined, tx);
  });
  return { access: pair.access, refresh: pair.refresh };
}
