import type { TokenPair } from "@costflow/contract/auth";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { issueTokenPair } from "./issue-token-pair.ts";

/**
 * Rotation: the presented refresh token is revoked and replaced by a new one of the same family.
 * A token presented after its revocation was copied: its whole family is revoked, so whoever
 * holds the newer tokens (the thief or the user) must log in again — except within a short grace
 * after its own rotation while its successor is still in use: two tabs, or a reload racing a
 * background poll, refresh with the same token at once (ADR 0001).
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

  /** Rotated moments ago and its successor not revoked by a logout or a family revocation. */
  const withinGrace = async (jti: string): Promise<boolean> => {
    const token = await ctx.repos.users.findRefreshToken(jti);
    if (!token?.revokedAt || !token.replacedBy) return false;
    if (Date.now() - token.revokedAt.getTime() > ctx.config.refreshReuseGraceMs) return false;
    const successor = await ctx.repos.users.findRefreshToken(token.replacedBy);
    return successor !== undefined && (successor.revokedAt === null || successor.replacedBy !== null);
  };
  const sibling = async (userId: number, familyId: string): Promise<TokenPair> => {
    const pair = await issueTokenPair(ctx, userId, familyId);
    return { access: pair.access, refresh: pair.refresh };
  };

  const stored = await ctx.repos.users.findRefreshToken(claims.jti);
  if (!stored || stored.userId !== claims.userId)
    throw new AppError("TOKEN_INVALID", [], "unknown refresh token");
  if (stored.revokedAt) {
    if (await withinGrace(stored.jti)) return sibling(stored.userId, stored.familyId);
    throw await reuse();
  }
  const user = await ctx.repos.users.findById(stored.userId);
  if (!user?.isActive) throw new AppError("TOKEN_INVALID", [], "user missing or inactive");

  const next = await ctx.db.transaction(async (tx) => {
    const pair = await issueTokenPair(ctx, stored.userId, stored.familyId, tx);
    // Conditional on the token still being live: of two concurrent refreshes only one wins.
    const won = await ctx.repos.users.revokeRefreshToken(stored.jti, pair.jti, tx);
    return won ? pair : null;
  });
  if (!next) {
    // A concurrent refresh with the same token won the rotation a moment ago.
    if (await withinGrace(stored.jti)) return sibling(stored.userId, stored.familyId);
    throw await reuse();
  }
  return { access: next.access, refresh: next.refresh };
}

/** Logout: revokes the presented refresh token (already revoked or expired is fine). */
export async function logoutSession(ctx: AppContext, refresh: string): Promise<void> {
  const claims = await ctx.tokens.verifyRefresh(refresh).catch(() => null);
  if (!claims) throw new AppError("TOKEN_INVALID", [], "logout with an invalid refresh token");
  await ctx.repos.users.revokeRefreshToken(claims.jti, null);
}
