import { COMPANY_ADMIN_GROUP } from "@costflow/contract/abilities";
import type { CompanyInvitation, CompanyRequest } from "@costflow/contract/account";
import type { CompanyInvitationView, CompanyRequestView } from "@costflow/db/repositories/company-requests";
import { AppError, notFound } from "../../lib/app-error.ts";
import { iso } from "../../lib/pagination.ts";
import type { RequestAuth } from "../../plugins/access.ts";

/** License of members who join through a request or an invitation. */
export const MEMBER_LICENSE = "Professional";

export function toCompanyRequest(row: CompanyRequestView): CompanyRequest {
  return {
    id: row.id,
    company: { id: row.companyId, name: row.companyName },
    user: {
      id: row.userId,
      email: row.userEmail,
      first_name: row.userFirstName,
      last_name: row.userLastName,
    },
    status: row.status,
    created_at: iso(row.createdAt),
  };
}

export function toCompanyInvitation(row: CompanyInvitationView): CompanyInvitation {
  return {
    id: row.id,
    company: { id: row.companyId, name: row.companyName },
    email: row.email,
    group_name: row.groupName,
    status: row.status,
    created_at: iso(row.createdAt),
  };
}

export function isCompanyAdmin(auth: RequestAuth, companyId: number): boolean {
  return auth.memberships.some((m) => m.companyId === companyId && m.groupName === COMPANY_ADMIN_GROUP);
}

/**
 * For acting on a company's behalf: not a member → 404 (the company is not theirs to see);
 * a member outside the administrators group → 403.
 */
export function requireCompanyAdmin(auth: RequestAuth, companyId: number, field: string): void {
  if (isCompanyAdmin(auth, companyId)) return;
  if (!auth.memberships.some((m) => m.companyId === companyId)) throw notFound(field);
  throw new AppError("FORBIDDEN", [{ field, reason: "not_company_admin" }]);
}

export function displayName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}
