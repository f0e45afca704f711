import type { CompanyValidateRequest, CompanyValidateResponse } from "@costflow/contract/auth";
import type { AppContext } from "../../context.ts";
import { fieldError } from "../../lib/app-error.ts";
import { decodeUid, sha256 } from "../../lib/secrets.ts";
import { notifyUsers } from "../notifications/notify-users.ts";

/** Spends the e-mailed validation token and marks its company validated; login works afterwards. */
export async function validateCompany(
  ctx: AppContext,
  input: CompanyValidateRequest,
): Promise<CompanyValidateResponse> {
  const userId = decodeUid(input.uid);
  if (userId === undefined) throw fieldError("VALIDATION_ERROR", "token", "invalid_token");
  return ctx.db.transaction(async (tx) => {
    const token = await ctx.repos.users.consumeActionToken(
      userId,
      "COMPANY_VALIDATION",
      sha256(input.token),
      tx,
    );
    if (!token?.companyId) throw fieldError("VALIDATION_ERROR", "token", "invalid_token");
    const company = await ctx.repos.companies.markValidated(token.companyId, tx);
    if (!company) throw fieldError("VALIDATION_ERROR", "token", "invalid_token");
    await notifyUsers(
      ctx,
      [userId],
      {
        key: "company_validated",
        values: { company: company.name },
        link: "/dashboard",
        companyId: company.id,
      },
      tx,
    );
    return { company: { id: company.id, name: company.name }, validated: true as const };
  });
}
