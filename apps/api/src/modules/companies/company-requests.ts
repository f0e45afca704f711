import { COMPANY_ADMIN_GROUP, type GroupName } from "@costflow/contract/abilities";
import type { CompanyRequest } from "@costflow/contract/account";
import type { AppContext } from "../../context.ts";
import { AppError, fieldError, notFound } from "../../lib/app-error.ts";
import type { RequestAuth } from "../../plugins/access.ts";
import { notifyUsers } from "../notifications/notify-users.ts";
import { displayName, isCompanyAdmin, MEMBER_LICENSE, toCompanyRequest } from "./company-views.ts";

/** Asks to join the company of that name; its administrators are notified. */
export async function createCompanyRequest(
  ctx: AppContext,
  auth: RequestAuth,
  companyName: string,
): Promise<CompanyRequest> {
  const company = await ctx.repos.companies.findByName(companyName);
  if (!company) throw fieldError("NOT_FOUND", "company_name", "not_found");
  if (auth.memberships.some((m) => m.companyId === company.id)) {
    throw fieldError("CONFLICT", "company_name", "already_member");
  }
  const id = await ctx.db.transaction(async (tx) => {
    const created = await ctx.repos.companyRequests.createRequest(company.id, auth.user.id, tx);
    if (!created) throw fieldError("CONFLICT", "company_name", "already_pending");
    const admins = await ctx.repos.companies.listMembersInGroup(company.id, COMPANY_ADMIN_GROUP, tx);
    await notifyUsers(
      ctx,
      admins.map((a) => a.id),
      {
        key: "request_received",
        values: { user: displayName(auth.user), company: company.name },
        link: "/account",
      },
      tx,
    );
    return created;
  });
  return toCompanyRequest((await ctx.repos.companyRequests.findRequest(id))!);
}

/**
 * Accepts (adding the member, "Viewers" unless a group is given) or declines a pending request.
 * Only administrators of the requested company; the requester sees theirs but gets 403.
 */
export async function decideCompanyRequest(
  ctx: AppContext,
  auth: RequestAuth,
  id: number,
  decision: "ACCEPTED" | "DECLINED",
  groupName: GroupName = "Viewers",
): Promise<CompanyRequest> {
  const request = await ctx.repos.companyRequests.findRequest(id);
  const admin = request !== undefined && isCompanyAdmin(auth, request.companyId);
  if (!request || (!admin && request.userId !== auth.user.id)) throw notFound();
  if (!admin) throw new AppError("FORBIDDEN", [{ field: "id", reason: "not_company_admin" }]);
  await ctx.db.transaction(async (tx) => {
    if (!(await ctx.repos.companyRequests.decideRequest(id, decision, auth.user.id, tx))) {
      throw fieldError("CONFLICT", "id", "already_decided");
    }
    if (decision === "ACCEPTED") {
      await ctx.repos.companies.addMembership(
        { companyId: request.companyId, userId: request.userId, groupName, licenseType: MEMBER_LICENSE },
        tx,
      );
    }
    await notifyUsers(
      ctx,
      [request.userId],
      {
        key: decision === "ACCEPTED" ? "request_accepted" : "request_declined",
        values: { company: request.companyName, group: groupName },
        link: "/account",
        companyId: request.companyId,
      },
      tx,
    );
  });
  return toCompanyRequest((await ctx.repos.companyRequests.findRequest(id))!);
}
