import { randomUUID } from "node:crypto";
import type { TokenPair } from "@costflow/contract/auth";
import type { Executor } from "@costflow/db/client";
import type { AppContext } from "../../context.ts";

/** Signs an access token and a refresh token, recording the latter (a new family unless given). */
export async function issueTokenPair(
  ctx: AppContext,
  userId: number,
  familyId: string = randomUUID(),
  tx: Executor = ctx.db,
): Promise<TokenPair & { jti: string }> {
  const jti = randomUUID();
  const expiresAt = new Date(Date.now() + ctx.tokens.refreshSeconds * 1000);
  await ctx.repos.users.insertRefreshToken({ jti, familyId, userId, expiresAt }, tx);
  const [access, refresh] = await Promise.all([
    ctx.tokens.signAccess({ userId, familyId }),
    ctx.tokens.signRefresh({ userId, jti, familyId }, expiresAt),
  ]);
  return { access, refresh, jti };
}
