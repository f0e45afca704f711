import type { LoginRequest, TokenPair } from "@costflow/contract/auth";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { decoyHash, verifyPassword } from "../../lib/passwords.ts";
import { issueTokenPair } from "./issue-token-pair.ts";

/**
 * Checks e-mail and password and starts a session. Unknown e-mail and wrong password answer
 * alike (and take as long); a user whose companies are all still pending is told to validate.
 */
export async function loginUser(ctx: AppContext, input: LoginRequest): Promise<TokenPair> {
  const user = await ctx.repos.users.findByEmail(input.email);
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !matches || !user.isActive) throw new AppError("INVALID_CREDENTIALS");
  const memberships = await ctx.repos.companies.listMemberships(user.id);
  if (memberships.length > 0 && !memberships.some((m) => m.companyStatus === "VALIDATED")) {
    throw new AppError("ACCOUNT_NOT_VALIDATED");
  }
  const { access, refresh } = await issueTokenPair(ctx, user.id);
  return { access, refresh };
}
