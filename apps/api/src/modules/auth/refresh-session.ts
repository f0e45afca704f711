import type { TokenPair } from "@costflow/contract/auth";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { issueTokenPair } from "./issue-token-pair.ts";

/**
 * Rotation: the presented refresh token is revoked and replaced by a new one of the same family.
 * A token presented after its revocation was copied: its whole family is revoked, so whoever
 * holds the newer tokens (the thief or the user) must log in again.
 */
export async function refreshSession(ctx: AppContext, refresh: string): Promise<TokenPair> {
  const claims = await ctx.tokens.verifyRefresh(refresh);
  const reuse = async () => {
    await ctx.repos.users.revokeRefreshFamily(claims.familyId);
    ctx.log.warn(
      { userId: claims.userId, familyId: claims.familyId },
      "refresh token reused: family revoked",
    );
    return new AppError("TOKEN_INVALID", [], "refresh token reused");
  };

  const stored = await ctx.repos.users.findRefreshToken(claims.jti);
  if (!stored || stored.userId !== claims.userId)
    throw new AppError("TOKEN_INVALID", [], "unknown refresh token");
  if (stored.revokedAt) throw await reuse();
  const user = await ctx.repos.users.findById(stored.userId);
  if (!user?.isActive) throw new AppError("TOKEN_INVALID", [], "user missing or inactive");

  const next = await ctx.db.transaction(async (tx) => {
    const pair = await issueTokenPair(ctx, stored.userId, stored.familyId, tx);
    // Conditional on the token still being live: of two concurrent refreshes only one wins.
    const won = await ctx.repos.users.revokeRefreshToken(stored.jti, pair.jti, tx);
    return won ? pair : null;
  });
  if (!next) throw await reuse();
  return { access: next.access, refresh: next.refresh };
}

/** Logout: revokes the presented refresh token (already revoked or expired is fine). */
export async function logoutSession(ctx: AppContext, refresh: string): Promise<void> {
  const claims = await ctx.tokens.verifyRefresh(refresh).catch(() => null);
  if (!claims) throw new AppError("TOKEN_INVALID", [], "logout with an invalid refresh token");
  await ctx.repos.users.revokeRefreshToken(claims.jti, null);
}
